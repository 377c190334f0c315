import { Form, Input } from 'antd';
import type { z } from 'zod';
import { useLocale } from '../lib/i18n.ts';
import { sameAsRule, zodFieldRule } from '../lib/form-rules.ts';

/**
 * A new password (field `name` of `schema`, with the server's rules) and its repetition, which the
 * form keeps as `<name>Confirm` and never sends. Used wherever a password is chosen: registration,
 * reset, change, and an administrator creating a user or setting their password.
 */
export function NewPasswordFields({
  schema,
  name,
  label,
  confirmLabel,
}: {
  schema: z.ZodObject;
  name: string;
  label: string;
  confirmLabel: string;
}) {
  const locale = useLocale();
  return (
    <>
      <Form.Item name={name} label={label} required rules={[zodFieldRule(schema, name, locale)]} hasFeedback>
        <Input.Password autoComplete="new-password" data-testid={`field-${name}`} />
      </Form.Item>
      <Form.Item
        name={`${name}Confirm`}
        label={confirmLabel}
        required
        dependencies={[name]}
        rules={[sameAsRule(name, locale)]}
        hasFeedback
      >
        <Input.Password autoComplete="new-password" data-testid={`field-${name}Confirm`} />
      </Form.Item>
    </>
  );
}
