import { useTranslation } from 'react-i18next';
import type { Rule } from 'antd/es/form';
import { DEFAULT_LOCALE, isLocale, type Locale } from '@armature/domain';
import type { z } from 'zod';
import { zodFieldRule } from '../../lib/form-rules.ts';

export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/**
 * Form.Item props validating `field` with the server's zod schema; the required mark is derived from
 * the schema too (a field is required when an empty value fails), so it never disagrees with the rule.
 */
export function useFieldRules(schema: z.ZodObject) {
  const locale = useLocale();
  return (field: string): { rules: Rule[]; required: boolean } => {
    const fieldSchema = schema.shape[field] as z.ZodType | undefined;
    return {
      rules: [zodFieldRule(schema, field, locale)],
      required: fieldSchema ? !fieldSchema.safeParse(undefined).success : false,
    };
  };
}
