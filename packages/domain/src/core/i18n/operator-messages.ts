import { format, resolveLocale, type Locale, type Localized } from './locales.ts';

/**
 * What the command line tells the person running the server (start-up refusals, backup and restore),
 * in the language of their environment.
 */
export const OPERATOR_MESSAGES = {
  adminPasswordRequired: {
    'zh-CN': 'DEMO=off 首次启动新数据库时必须设置 ADMIN_PASSWORD（管理员 admin 的密码：至少 8 个字符，含字母和数字）。',
    'en-US':
      'DEMO=off on a new database needs ADMIN_PASSWORD, the password of the admin account (at least 8 characters, with letters and digits).',
    'fr-FR':
      'DEMO=off sur une nouvelle base exige ADMIN_PASSWORD, le mot de passe du compte admin (au moins 8 caractères, avec lettres et chiffres).',
  },
  adminPasswordWeak: {
    'zh-CN': 'ADMIN_PASSWORD 太弱：管理员密码至少 8 个字符（最多 128 个），且须同时包含字母和数字。',
    'en-US': 'ADMIN_PASSWORD is too weak: the admin password needs 8 to 128 characters, with both letters and digits.',
    'fr-FR':
      'ADMIN_PASSWORD est trop faible : le mot de passe admin doit compter de 8 à 128 caractères, avec lettres et chiffres.',
  },
  databaseNewer: {
    'zh-CN':
      '此数据库已由更新版本的 Armature 升级（含本版本不认识的迁移，应用于 {applied}；本版本的迁移截至 {known}，{tag}）。请启动更新的版本，或把本版本做的备份恢复到新的 DATA_DIR。',
    'en-US':
      'This database was upgraded by a newer version of Armature (it holds a migration applied at {applied} that this version does not know; this version knows migrations up to {known}, {tag}). Start the newer version, or restore a backup made by this version into a new DATA_DIR.',
    'fr-FR':
      "Cette base a été mise à niveau par une version plus récente d'Armature (elle contient une migration appliquée le {applied} que cette version ne connaît pas ; cette version connaît les migrations jusqu'au {known}, {tag}). Démarrez la version plus récente, ou restaurez une sauvegarde faite par cette version dans un nouveau DATA_DIR.",
  },
  backupWritten: {
    'zh-CN': '备份已写入 {file}（{size}，{tables} 张表，{rows} 行，{files} 个文件）。',
    'en-US': 'Backup written to {file} ({size}, {tables} tables, {rows} rows, {files} files).',
    'fr-FR': 'Sauvegarde écrite dans {file} ({size}, {tables} tables, {rows} lignes, {files} fichiers).',
  },
  backupNeedsEmbedded: {
    'zh-CN': '已设置 DATABASE_URL：npm run backup 只备份内嵌数据库；PostgreSQL 请用 pg_dump（见 docs/deployment.md）。',
    'en-US':
      'DATABASE_URL is set: npm run backup backs up the embedded database only; back PostgreSQL up with pg_dump (docs/deployment.md).',
    'fr-FR':
      'DATABASE_URL est défini : npm run backup ne sauvegarde que la base embarquée ; sauvegardez PostgreSQL avec pg_dump (docs/deployment.md).',
  },
  restoreDone: {
    'zh-CN': '已把 {file} 恢复到 {dataDir}：{tables} 张表、{rows} 行与备份一致，{files} 个文件。',
    'en-US': 'Restored {file} into {dataDir}: {tables} tables and {rows} rows match the backup, {files} files.',
    'fr-FR':
      'Restauré {file} dans {dataDir} : {tables} tables et {rows} lignes conformes à la sauvegarde, {files} fichiers.',
  },
  restoreTargetInUse: {
    'zh-CN': '{dataDir} 已有数据库：请恢复到一个新的（不存在或为空的）DATA_DIR。',
    'en-US': '{dataDir} already holds a database: restore into a new (absent or empty) DATA_DIR.',
    'fr-FR': '{dataDir} contient déjà une base : restaurez dans un nouveau DATA_DIR (absent ou vide).',
  },
  restoreNotBackup: {
    'zh-CN': '{file} 不是 Armature 的备份文件（npm run backup 生成的 .zip）。',
    'en-US': '{file} is not an Armature backup (the .zip that npm run backup writes).',
    'fr-FR': "{file} n'est pas une sauvegarde Armature (le .zip qu'écrit npm run backup).",
  },
  restoreCountsDiffer: {
    'zh-CN': '恢复后的数据与备份不符（{tables}）：{dataDir} 已删除。',
    'en-US': 'The restored data differ from the backup ({tables}): {dataDir} was removed.',
    'fr-FR': 'Les données restaurées diffèrent de la sauvegarde ({tables}) : {dataDir} a été supprimé.',
  },
  importDone: {
    'zh-CN': '已导入 {file}：{tables} 张表、{rows} 行与导出一致。',
    'en-US': 'Imported {file}: {tables} tables and {rows} rows match the export.',
    'fr-FR': 'Importé {file} : {tables} tables et {rows} lignes conformes à l’export.',
  },
  importTargetInUse: {
    'zh-CN': '目标数据库已有数据：请导入到新建的空数据库。',
    'en-US': 'The target database already holds data: import into a new, empty database.',
    'fr-FR': 'La base cible contient déjà des données : importez dans une nouvelle base vide.',
  },
} satisfies Record<string, Localized>;

export type OperatorMessage = keyof typeof OPERATOR_MESSAGES;

/**
 * The language of a shell's locale variables (`fr_FR.UTF-8` → fr-FR); English when they name none of
 * the interface's languages (`C`, `POSIX`, unset), as the server's other console output is.
 */
export function operatorLocale(env: Record<string, string | undefined>): Locale {
  const tag = (env.LC_ALL || env.LC_MESSAGES || env.LANG || '').split('.')[0]!.replace('_', '-');
  const language = tag.split('-')[0]!.toLowerCase();
  return ['zh', 'en', 'fr'].includes(language) ? resolveLocale(tag) : 'en-US';
}

export function operatorMessage(
  key: OperatorMessage,
  locale: Locale,
  params: Record<string, string | number> = {},
): string {
  return format(OPERATOR_MESSAGES[key][locale], params);
}
