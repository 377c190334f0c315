import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { I18nResources } from '../lib/i18n-resources.ts';

/** The roles whose names the interface translates (the seeded ones). */
type BuiltInRole = keyof I18nResources['rbac']['resources']['role']['builtInNames'];

/**
 * What a role is called on screen: a built-in role's name in the interface language, else the role's
 * description (what an administrator wrote for it), else its code. The code stays in the tooltip.
 */
export function roleLabel(
  code: string,
  description: string | null | undefined,
  builtInName: (code: string) => string | undefined,
): string {
  return builtInName(code) ?? (description?.trim() || code);
}

/** `roleLabel` over the roles the app has loaded and the locale's names of the built-in roles. */
export function useRoleLabel(
  roles: readonly { name: string; description?: string | null }[] | undefined,
): (code: string) => string {
  const { t, i18n } = useTranslation('rbac');
  const descriptions = useMemo(() => new Map(roles?.map((role) => [role.name, role.description])), [roles]);
  return useCallback(
    (code: string) => {
      const builtIn = (role: string): role is BuiltInRole =>
        i18n.exists(`resources.role.builtInNames.${role}`, { ns: 'rbac' });
      return roleLabel(code, descriptions.get(code), () =>
        builtIn(code) ? t(`resources.role.builtInNames.${code}`) : undefined,
      );
    },
    [descriptions, i18n, t],
  );
}
