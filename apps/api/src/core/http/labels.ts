import type { Localized } from '@armature/domain';

/**
 * Names of fields and record kinds that messages of the bespoke modules mention (`duplicate`, `in_use`).
 * Resources take theirs from their definitions.
 */
export const LABELS = {
  userName: { 'zh-CN': '用户名', 'en-US': 'User name', 'fr-FR': "Nom d'utilisateur" },
  name: { 'zh-CN': '名称', 'en-US': 'Name', 'fr-FR': 'Nom' },
  users: { 'zh-CN': '用户', 'en-US': 'users', 'fr-FR': 'utilisateurs' },
  otherRecords: { 'zh-CN': '其他记录', 'en-US': 'other records', 'fr-FR': "d'autres enregistrements" },
} as const satisfies Record<string, Localized>;

export type LabelKey = keyof typeof LABELS;
