import { useCallback } from 'react';
import type { Rule } from 'antd/es/form';
import type { Locale } from '@armature/domain';
import { localizeValidationMessage } from '@armature/domain/zod-messages';
import type { z } from 'zod';
import { useLocale } from './i18n.ts';

/**
 * An antd Form rule that validates one field with the same zod schema the server applies, so the
 * form and the API give the same message in the interface language.
 */
export function zodFieldRule(schema: z.ZodObject, field: string, locale: Locale): Rule {
  const fieldSchema = schema.shape[field] as z.ZodType | undefined;
  return {
    validator: async (_rule, value: unknown) => {
      if (!fieldSchema) return;
      const result = fieldSchema.safeParse(value === '' ? undefined : value);
      if (!result.success)
        throw new Error(localizeValidationMessage(result.error.issues[0]?.message ?? 'invalid', locale));
    },
  };
}

export type ZodFieldProps = { name: string; rules: Rule[]; required: boolean };

/**
 * Form.Item props for a field of `schema`: its name, the zod rule, and the required mark when the
 * schema refuses an empty value. `<Form.Item {...field('userName')} label=…>`.
 */
export function useZodField<S extends z.ZodObject>(schema: S): (field: keyof S['shape'] & string) => ZodFieldProps {
  const locale = useLocale();
  return useCallback(
    (field) => {
      const fieldSchema = schema.shape[field] as z.ZodType | undefined;
      return {
        name: field,
        rules: [zodFieldRule(schema, field, locale)],
        required: fieldSchema ? !fieldSchema.safeParse(undefined).success : false,
      };
    },
    [schema, locale],
  );
}

/** The "repeat the password" rule: it must equal the field `passwordField`. */
export function sameAsRule(passwordField: string, locale: Locale): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error(localizeValidationMessage('required', locale));
      if (value !== getFieldValue(passwordField))
        throw new Error(localizeValidationMessage('passwordMismatch', locale));
    },
  });
}
