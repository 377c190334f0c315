import { Suspense, useState } from 'react';
import { Button, Modal, Skeleton } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Selection } from '../../lib/session.ts';
import { ProductChooserForm } from '../../features/account/index.ts';

/** The current client and product in the header; clicking it switches them. */
export function ProductSwitch({ client, product }: { client?: Selection; product?: Selection }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = client && product ? `${client.activeName} / ${product.activeName}` : t('layout.product.none');
  return (
    <>
      <Button
        type="text"
        icon={<ShopOutlined />}
        title={t('layout.product.switch')}
        onClick={() => setOpen(true)}
        data-testid="product-switch"
      >
        {current}
      </Button>
      <Modal
        title={t('layout.product.switch')}
        open={open}
        onCancel={() => setOpen(false)}
        footer={null}
        destroyOnHidden
        width={500}
      >
        <Suspense fallback={<Skeleton active />}>
          <ProductChooserForm onDone={() => setOpen(false)} />
        </Suspense>
      </Modal>
    </>
  );
}
