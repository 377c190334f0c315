import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button, Card, Form, InputNumber, Typography } from 'antd';
import { productSettingResource } from '@armature/domain';
import { numericKeysOnly } from '../../components/resource/numeric-keys.ts';
import { useFeedback } from '../../components/feedback.tsx';
import type { Selection } from '../../lib/session.ts';
import { accountKeys, accountMutations, accountQueries } from './account.queries.ts';

type Values = { wasteLength: number | null };

// The same bounds as the product's own waste length.
const { min, max, unit } = productSettingResource.fields.wasteLength;

/**
 * The signed-in user's own settings for the current product: a waste length that overrides the
 * product's (empty: use the product's), with the value that applies now and where it comes from.
 */
export function UserProductSettingCard({ product }: { product: Selection }) {
  const { t } = useTranslation(['auth', 'common']);
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const setting = useQuery(accountQueries.setting(product.activeId));
  const effective = useQuery(accountQueries.effectiveWasteLength(product.activeId));
  const save = useMutation({
    ...accountMutations.saveSetting(),
    meta: { form },
    onSuccess: () => {
      notify.success(t('userSetting.saved'));
      void queryClient.invalidateQueries({ queryKey: accountKeys.settings() });
    },
  });

  return (
    <Card
      data-testid="user-setting"
      title={t('userSetting.title', { product: product.activeName })}
      loading={setting.isLoading}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        style={{ maxWidth: 480 }}
        initialValues={{ wasteLength: setting.data?.wasteLength ?? null }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="wasteLength"
          label={t('userSetting.wasteLength')}
          extra={
            effective.data && (
              <Typography.Text type="secondary" data-testid="user-setting-effective">
                {t(`userSetting.effective.${effective.data.source}`, { value: effective.data.wasteLength, unit })}
              </Typography.Text>
            )
          }
        >
          <InputNumber<number>
            data-testid="user-setting-wasteLength"
            min={min}
            max={max}
            precision={0}
            suffix={unit}
            placeholder={t('userSetting.useProduct')}
            onKeyDown={numericKeysOnly({ decimals: false, negative: false })}
            style={{ width: 240 }}
          />
        </Form.Item>
        <Button data-testid="user-setting-save" type="primary" htmlType="submit" loading={save.isPending}>
          {t('common:actions.save')}
        </Button>
      </Form>
    </Card>
  );
}
