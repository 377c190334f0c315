import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useLocale } from '../../lib/i18n.ts';
import { sameAsRule, zodFieldRule } from '../../lib/form-rules.ts';

/**
 * A new password (field `name` of `schema`, with the server's rules) and its repetition, which the
 * form keeps as `<name>Confirm` and never sends.
 */
export function NewPasswordFields({ schema, name, label }: { schema: z.ZodObject; name: string; label: string }) {
  const { t } = useTranslation('auth');
  const locale = useLocale();
  return (
    <>
      <Form.Item name={name} label={label} required rules={[zodFieldRule(schema, name, locale)]} hasFeedback>
        <Input.Password autoComplete="new-password" data-testid={`${name}-input`} />
      </Form.Item>
      <Form.Item
        name={`${name}Confirm`}
        label={t('fields.confirmPassword')}
        required
        dependencies={[name]}
        rules={[sameAsRule(name, locale)]}
        hasFeedback
      >
        <Input.Password autoComplete="new-password" data-testid={`${name}-confirm-input`} />
      </Form.Item>
    </>
  );
}
