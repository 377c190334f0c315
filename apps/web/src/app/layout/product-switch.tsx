import { Suspense, useState } from 'react';
import { Button, Modal, Skeleton } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Selection } from '../../lib/session.ts';
import { ProductChooserForm } from '../../features/account/index.ts';

/** "Client / product", or that none is chosen. */
export function useScopeText(client?: Selection, product?: Selection): string {
  const { t } = useTranslation();
  return client && product ? `${client.activeName} / ${product.activeName}` : t('layout.product.none');
}

/** The dialog that switches the current client and product. */
export function ProductChooserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal title={t('layout.product.switch')} open={open} onCancel={onClose} footer={null} destroyOnHidden width={500}>
      <Suspense fallback={<Skeleton active />}>
        <ProductChooserForm onDone={onClose} />
      </Suspense>
    </Modal>
  );
}

/** The current client and product in the header; clicking it switches them. */
export function ProductSwitch({ client, product }: { client?: Selection; product?: Selection }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="text"
        icon={<ShopOutlined />}
        title={t('layout.product.switch')}
        onClick={() => setOpen(true)}
        data-testid="product-switch"
      >
        {useScopeText(client, product)}
      </Button>
      <ProductChooserDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
