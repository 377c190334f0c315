import { useTranslation } from 'react-i18next';
import { Form, Input } from 'antd';
import type { z } from 'zod';
import { sameAsRule, useZodField } from '../../lib/form-rules.ts';
import { useLocale } from '../../lib/i18n.ts';

/** A new password checked by the server's rule, and its confirmation (never sent) that must match it. */
export function PasswordFields({ schema, field }: { schema: z.ZodObject; field: string }) {
  const { t } = useTranslation('rbac');
  const locale = useLocale();
  const zodField = useZodField(schema);
  return (
    <>
      <Form.Item {...zodField(field)} label={t(`resources.user.fields.${field}`)}>
        <Input.Password data-testid={`field-${field}`} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('resources.user.fields.confirmPassword')}
        dependencies={[field]}
        required
        rules={[sameAsRule(field, locale)]}
      >
        <Input.Password data-testid="field-confirmPassword" autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
