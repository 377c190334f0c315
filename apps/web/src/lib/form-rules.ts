import type { Rule } from 'antd/es/form';
import { localizeValidationMessage, type Locale } from '@armature/domain';
import type { z } from 'zod';

/**
 * An antd Form rule that validates one field with the same zod schema the server applies, so the
 * form and the API give the same message (spec §5) in the interface language.
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
