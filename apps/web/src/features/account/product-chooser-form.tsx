import { useEffect, useMemo } from 'react';
import { Alert, Button, Form, Select, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SelectionInput } from '@armature/domain';
import { chooseProduct } from '../../lib/account.ts';
import { defaultSelection } from '../../lib/product-choice.ts';
import { loadSession } from '../../lib/session.ts';
import { accountQueries } from './account.queries.ts';

/**
 * The client-and-product chooser: a client, then one of its products. Saving the choice changes the
 * scope of all plant data, so every cached query is refetched.
 */
export function ProductChooserForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('auth');
  const [form] = Form.useForm<SelectionInput>();
  const clientId = Form.useWatch('clientId', form);
  const queryClient = useQueryClient();
  const products = useQuery(accountQueries.userProducts());
  const choose = useMutation({
    mutationFn: chooseProduct,
    meta: { form },
    onSuccess: () => {
      void queryClient.invalidateQueries();
      onDone();
    },
  });

  const list = useMemo(() => products.data ?? [], [products.data]);
  const clientOptions = useMemo(
    () => [
      ...new Map(
        list.map((product) => [product.clientId, { value: product.clientId, label: product.clientName }]),
      ).values(),
    ],
    [list],
  );
  const productOptions = list
    .filter((product) => product.clientId === clientId)
    .map((product) => ({ value: product.id, label: `${product.name} (${product.code})` }));

  useEffect(() => {
    if (list.length > 0) form.setFieldsValue(defaultSelection(list, loadSession()?.product?.activeId));
  }, [list, form]);

  if (products.isSuccess && list.length === 0) {
    return (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('chooser.none')} data-testid="chooser-none" />
        <Button type="primary" block onClick={onDone} data-testid="chooser-continue">
          {t('chooser.continueWithout')}
        </Button>
      </Space>
    );
  }
  return (
    <Form<SelectionInput>
      form={form}
      layout="vertical"
      data-testid="chooser-form"
      onFinish={(values) => choose.mutate(values)}
    >
      <Form.Item
        name="clientId"
        label={t('fields.client')}
        rules={[{ required: true, message: t('chooser.clientRequired') }]}
      >
        <Select
          data-testid="chooser-client"
          loading={products.isPending}
          options={clientOptions}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(next: string) => {
            const own = list.filter((product) => product.clientId === next);
            form.setFieldValue('productId', own.length === 1 ? own[0]?.id : undefined);
          }}
        />
      </Form.Item>
      <Form.Item
        name="productId"
        label={t('fields.product')}
        rules={[{ required: true, message: t('chooser.productRequired') }]}
      >
        <Select
          data-testid="chooser-product"
          disabled={!clientId}
          options={productOptions}
          showSearch={{ optionFilterProp: 'label' }}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={choose.isPending} data-testid="chooser-confirm">
        {t('chooser.confirm')}
      </Button>
    </Form>
  );
}
