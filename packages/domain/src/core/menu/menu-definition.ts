import type { Localized } from '../i18n/locales.ts';

/**
 * The menu tree — systems → menus → pages → buttons — defined once. It drives the permission
 * catalogue, the server's permission checks, the web router, the menu and the breadcrumbs.
 *
 * Ids are dot-joined keys: system `basicConfig`, menu `basicConfig.basic`, page
 * `basicConfig.basic.technique`, button `basicConfig.basic.technique.add`. Urls are slash-joined keys.
 * A page id is the permission to open the page and read its data; a button id is the permission for
 * that action. Icons are Ant Design icon names.
 *
 * Each area declares the pages it owns (menu-pages.ts) and with them its permission names; the systems
 * and menus they sit in span areas, so `catalogue.ts` at the package root assembles the whole tree.
 */
// A button's label is also its permission's (the role screen lists them): one term per action, the
// screen's button saying the same verb (one term per thing).
export const BUTTON_LABELS = {
  add: { 'zh-CN': '新增', 'en-US': 'Add', 'fr-FR': 'Ajouter' },
  update: { 'zh-CN': '编辑', 'en-US': 'Edit', 'fr-FR': 'Modifier' },
  delete: { 'zh-CN': '删除', 'en-US': 'Delete', 'fr-FR': 'Supprimer' },
  export: { 'zh-CN': '导出', 'en-US': 'Export', 'fr-FR': 'Exporter' },
  import: { 'zh-CN': '导入', 'en-US': 'Import', 'fr-FR': 'Importer' },
  permission: { 'zh-CN': '权限设置', 'en-US': 'Permissions', 'fr-FR': 'Autorisations' },
  resetPassword: { 'zh-CN': '重置密码', 'en-US': 'Reset password', 'fr-FR': 'Réinitialiser le mot de passe' },
  confirm: { 'zh-CN': '确认', 'en-US': 'Confirm', 'fr-FR': 'Confirmer' },
  optimize: { 'zh-CN': '优化', 'en-US': 'Optimise', 'fr-FR': 'Optimiser' },
  approve: { 'zh-CN': '审核', 'en-US': 'Approve', 'fr-FR': 'Approuver' },
  release: { 'zh-CN': '下达', 'en-US': 'Release', 'fr-FR': 'Lancer' },
  cancel: { 'zh-CN': '取消', 'en-US': 'Cancel', 'fr-FR': 'Annuler' },
  dispatch: { 'zh-CN': '派工', 'en-US': 'Dispatch', 'fr-FR': 'Affecter' },
  replan: { 'zh-CN': '重排', 'en-US': 'Re-plan', 'fr-FR': 'Replanifier' },
  start: { 'zh-CN': '开始', 'en-US': 'Start', 'fr-FR': 'Démarrer' },
  pause: { 'zh-CN': '暂停', 'en-US': 'Pause', 'fr-FR': 'Mettre en pause' },
  complete: { 'zh-CN': '完工', 'en-US': 'Complete', 'fr-FR': 'Terminer' },
  reverse: { 'zh-CN': '冲销', 'en-US': 'Reverse', 'fr-FR': 'Extourner' },
  integrity: { 'zh-CN': '账实核对', 'en-US': 'Check ledgers', 'fr-FR': 'Vérifier les journaux' },
  credentials: { 'zh-CN': '设备凭据', 'en-US': 'Machine credentials', 'fr-FR': 'Identifiants machine' },
  status: { 'zh-CN': '设置状态', 'en-US': 'Set status', 'fr-FR': 'Régler l’état' },
  fail: { 'zh-CN': '报失败', 'en-US': 'Report failure', 'fr-FR': 'Signaler un échec' },
  print: { 'zh-CN': '打印', 'en-US': 'Print', 'fr-FR': 'Imprimer' },
  inspect: { 'zh-CN': '检验', 'en-US': 'Inspect', 'fr-FR': 'Contrôler' },
  unhold: { 'zh-CN': '放行', 'en-US': 'Release hold', 'fr-FR': 'Lever le blocage' },
  return: { 'zh-CN': '退货', 'en-US': 'Return to supplier', 'fr-FR': 'Retourner au fournisseur' },
  convert: { 'zh-CN': '转为客户', 'en-US': 'Convert to client', 'fr-FR': 'Convertir en client' },
  receive: { 'zh-CN': '收货', 'en-US': 'Receive', 'fr-FR': 'Réceptionner' },
} as const satisfies Record<string, Localized>;

export type ButtonKey = keyof typeof BUTTON_LABELS;

/** Routes below a page: `add`, `update/:id`, `detail/:id`, `children/:id`. */
export type SubRoute = 'add' | 'update/:id' | 'detail/:id' | 'children/:id';

export type PageDefinition = {
  readonly key: string;
  readonly label: Localized;
  readonly icon: string;
  readonly buttons: readonly ButtonKey[];
  readonly subRoutes: readonly SubRoute[];
  /**
   * What of the page is the equipment maker's business (`true`: the page and all its buttons; a list:
   * those buttons, the writes of global data). Only the maker's admin grants it, only to the maker's
   * staff and roles, and a client's user never holds it (catalogue.ts `isMakerPermission`).
   */
  readonly maker?: MakerPart;
};
export type MakerPart = true | readonly ButtonKey[];
export type MenuDefinition = {
  readonly key: string;
  readonly label: Localized;
  readonly icon: string;
  readonly pages: readonly PageDefinition[];
};
export type SystemDefinition = {
  readonly key: string;
  readonly label: Localized;
  readonly icon: string;
  /** The system's place among the others: the menu lists systems by it. */
  readonly sort: number;
  readonly menus: readonly MenuDefinition[];
};
