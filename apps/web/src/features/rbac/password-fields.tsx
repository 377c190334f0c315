import { useTranslation } from 'react-i18next';
import { Form, Input } from 'antd';
import { validationMessage } from '@armature/domain';
import type { z } from 'zod';
import { useFieldRules, useLocale } from './use-field-rules.ts';

/** A new password checked by the server's rule, and its confirmation that must match it. */
export function PasswordFields({ schema, field }: { schema: z.ZodObject; field: string }) {
  const { t } = useTranslation('rbac');
  const locale = useLocale();
  const rule = useFieldRules(schema);
  return (
    <>
      <Form.Item name={field} label={t('resources.user.fields.password')} {...rule(field)}>
        <Input.Password data-testid={`field-${field}`} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('resources.user.fields.confirmPassword')}
        dependencies={[field]}
        required
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: unknown) => {
              if (value !== getFieldValue(field)) throw new Error(validationMessage('passwordMismatch', locale));
            },
          }),
        ]}
      >
        <Input.Password data-testid="field-confirmPassword" autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
