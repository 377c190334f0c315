import type { Localized } from '../i18n/locales.ts';

/**
 * The menu tree of spec §2 — systems → menus → pages → buttons — defined once. It drives the permission
 * catalogue, the server's permission checks, the web router, the menu and the breadcrumbs.
 *
 * Ids are dot-joined keys: system `basicConfig`, menu `basicConfig.basic`, page
 * `basicConfig.basic.technique`, button `basicConfig.basic.technique.add`. Urls are slash-joined keys.
 * A page id is the permission to open the page and read its data; a button id is the permission for
 * that action. Icons are Ant Design icon names.
 */
export const BUTTON_LABELS = {
  add: { 'zh-CN': '新增', 'en-US': 'Add', 'fr-FR': 'Ajouter' },
  update: { 'zh-CN': '编辑', 'en-US': 'Edit', 'fr-FR': 'Modifier' },
  delete: { 'zh-CN': '删除', 'en-US': 'Delete', 'fr-FR': 'Supprimer' },
  export: { 'zh-CN': '导出', 'en-US': 'Export', 'fr-FR': 'Exporter' },
  import: { 'zh-CN': '导入', 'en-US': 'Import', 'fr-FR': 'Importer' },
  permission: { 'zh-CN': '权限设置', 'en-US': 'Permissions', 'fr-FR': 'Autorisations' },
  resetPassword: { 'zh-CN': '重置密码', 'en-US': 'Reset password', 'fr-FR': 'Réinitialiser le mot de passe' },
  confirm: { 'zh-CN': '确认', 'en-US': 'Confirm', 'fr-FR': 'Confirmer' },
  approve: { 'zh-CN': '审核', 'en-US': 'Approve', 'fr-FR': 'Approuver' },
  release: { 'zh-CN': '下达', 'en-US': 'Release', 'fr-FR': 'Lancer' },
  cancel: { 'zh-CN': '作废', 'en-US': 'Cancel', 'fr-FR': 'Annuler' },
  dispatch: { 'zh-CN': '派发', 'en-US': 'Dispatch', 'fr-FR': 'Envoyer' },
  start: { 'zh-CN': '开始', 'en-US': 'Start', 'fr-FR': 'Démarrer' },
  pause: { 'zh-CN': '暂停', 'en-US': 'Pause', 'fr-FR': 'Suspendre' },
  complete: { 'zh-CN': '完成', 'en-US': 'Complete', 'fr-FR': 'Terminer' },
  reverse: { 'zh-CN': '冲销', 'en-US': 'Reverse', 'fr-FR': 'Extourner' },
  integrity: { 'zh-CN': '账实核对', 'en-US': 'Check ledgers', 'fr-FR': 'Vérifier les journaux' },
} as const satisfies Record<string, Localized>;

export type ButtonKey = keyof typeof BUTTON_LABELS;

/** Routes below a page (spec §2): `add`, `update/:id`, `detail/:id`, `children/:id`. */
export type SubRoute = 'add' | 'update/:id' | 'detail/:id' | 'children/:id';

export type PageDefinition = {
  readonly key: string;
  readonly label: Localized;
  readonly icon: string;
  readonly buttons: readonly ButtonKey[];
  readonly subRoutes: readonly SubRoute[];
};
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
  /** The route sort value of spec §2. */
  readonly sort: number;
  readonly menus: readonly MenuDefinition[];
};

const CRUD: readonly ButtonKey[] = ['add', 'update', 'delete', 'export'];
const EDITABLE: readonly SubRoute[] = ['add', 'update/:id'];

const page = (
  key: string,
  label: Localized,
  icon: string,
  buttons: readonly ButtonKey[],
  subRoutes: readonly SubRoute[],
): PageDefinition => ({ key, label, icon, buttons, subRoutes });

export const MENU_DEFINITION: readonly SystemDefinition[] = [
  {
    key: 'superAdmin',
    label: { 'zh-CN': '设备与BOM', 'en-US': 'Equipment & BOM', 'fr-FR': 'Équipements et BOM' },
    icon: 'ToolOutlined',
    sort: 0,
    menus: [
      {
        key: 'BOMCenter',
        label: { 'zh-CN': 'BOM中心', 'en-US': 'BOM centre', 'fr-FR': 'Centre BOM' },
        icon: 'ApartmentOutlined',
        pages: [
          page(
            'spareOarts',
            { 'zh-CN': '零件库', 'en-US': 'Parts library', 'fr-FR': 'Bibliothèque de pièces' },
            'AppstoreOutlined',
            CRUD,
            [...EDITABLE, 'detail/:id'],
          ),
          page(
            'designBOM',
            { 'zh-CN': '设计BOM', 'en-US': 'Design BOM', 'fr-FR': 'BOM de conception' },
            'PartitionOutlined',
            [...CRUD, 'release'],
            [...EDITABLE, 'detail/:id', 'children/:id'],
          ),
          page(
            'makeBOM',
            { 'zh-CN': '制造BOM', 'en-US': 'Manufacturing BOM', 'fr-FR': 'BOM de fabrication' },
            'BuildOutlined',
            ['export'],
            ['detail/:id'],
          ),
          page(
            'digitalTwinBOM',
            { 'zh-CN': '数字孪生BOM', 'en-US': 'Digital-twin BOM', 'fr-FR': 'BOM du jumeau numérique' },
            'DeploymentUnitOutlined',
            CRUD,
            EDITABLE,
          ),
          page(
            'PLCTask',
            { 'zh-CN': 'PLC任务', 'en-US': 'PLC tasks', 'fr-FR': 'Tâches PLC' },
            'CodeOutlined',
            CRUD,
            [],
          ),
        ],
      },
      {
        key: 'equipmentCenter',
        label: { 'zh-CN': '设备中心', 'en-US': 'Equipment centre', 'fr-FR': 'Centre des équipements' },
        icon: 'ClusterOutlined',
        pages: [
          page(
            'equipmentList-admin',
            { 'zh-CN': '设备管理', 'en-US': 'Equipment (admin)', 'fr-FR': 'Équipements (admin)' },
            'DesktopOutlined',
            CRUD,
            [...EDITABLE, 'detail/:id'],
          ),
          page(
            'equipmentList-normal',
            { 'zh-CN': '我的设备', 'en-US': 'My equipment', 'fr-FR': 'Mes équipements' },
            'LaptopOutlined',
            ['export'],
            ['detail/:id'],
          ),
          page(
            'productSetting-admin',
            { 'zh-CN': '产品设置（管理）', 'en-US': 'Product settings (admin)', 'fr-FR': 'Paramètres produit (admin)' },
            'ControlOutlined',
            ['update'],
            ['update/:id'],
          ),
          page(
            'productSetting-normal',
            { 'zh-CN': '产品设置', 'en-US': 'Product settings', 'fr-FR': 'Paramètres produit' },
            'SlidersOutlined',
            ['update'],
            ['update/:id'],
          ),
        ],
      },
    ],
  },
  {
    key: 'productionPlan',
    label: { 'zh-CN': '生产计划', 'en-US': 'Production planning', 'fr-FR': 'Planification' },
    icon: 'ScheduleOutlined',
    sort: 1,
    menus: [
      {
        key: 'plan',
        label: { 'zh-CN': '计划管理', 'en-US': 'Planning', 'fr-FR': 'Planification' },
        icon: 'CalendarOutlined',
        pages: [
          page(
            'demandOrder',
            { 'zh-CN': '需求订单', 'en-US': 'Demand orders', 'fr-FR': 'Commandes de besoins' },
            'FileTextOutlined',
            [...CRUD, 'import', 'confirm', 'cancel'],
            [...EDITABLE, 'detail/:id'],
          ),
          page(
            'cutPlan',
            { 'zh-CN': '优化加工方案', 'en-US': 'Optimal cutting plans', 'fr-FR': 'Plans de coupe optimisés' },
            'ScissorOutlined',
            ['add', 'delete', 'export', 'approve'],
            ['add', 'detail/:id'],
          ),
          page(
            'dailyPlan',
            { 'zh-CN': '生产排程', 'en-US': 'Production schedule', 'fr-FR': 'Ordonnancement' },
            'CarryOutOutlined',
            ['add', 'delete', 'export', 'release'],
            ['add', 'detail/:id'],
          ),
        ],
      },
    ],
  },
  {
    key: 'intelligentProcess',
    label: { 'zh-CN': '智能加工', 'en-US': 'Intelligent processing', 'fr-FR': 'Fabrication intelligente' },
    icon: 'RobotOutlined',
    sort: 3,
    menus: [
      {
        key: 'taskCenter',
        label: { 'zh-CN': '任务中心', 'en-US': 'Task centre', 'fr-FR': 'Centre des tâches' },
        icon: 'ProfileOutlined',
        pages: [
          page(
            'task',
            { 'zh-CN': '任务列表', 'en-US': 'Tasks', 'fr-FR': 'Tâches' },
            'UnorderedListOutlined',
            ['export', 'dispatch', 'start', 'pause', 'complete'],
            ['detail/:id'],
          ),
          page(
            'digitalTwinOverview',
            { 'zh-CN': '数字孪生总览', 'en-US': 'Digital-twin overview', 'fr-FR': 'Vue du jumeau numérique' },
            'DashboardOutlined',
            [],
            [],
          ),
        ],
      },
    ],
  },
  {
    key: 'rawMaterialStock',
    label: { 'zh-CN': '原材料库存', 'en-US': 'Raw-material stock', 'fr-FR': 'Stock de matières premières' },
    icon: 'InboxOutlined',
    sort: 3,
    menus: [
      {
        key: 'receiveCenter',
        label: { 'zh-CN': '收料中心', 'en-US': 'Receiving centre', 'fr-FR': 'Centre de réception' },
        icon: 'ImportOutlined',
        pages: [
          page(
            'rebarReceive',
            { 'zh-CN': '收料记录', 'en-US': 'Receipts', 'fr-FR': 'Réceptions' },
            'FileDoneOutlined',
            ['add', 'reverse', 'export'],
            ['detail/:id'],
          ),
          page(
            'rebarStock',
            { 'zh-CN': '剩余库存', 'en-US': 'Remaining stock', 'fr-FR': 'Stock restant' },
            'DatabaseOutlined',
            ['export', 'integrity'],
            [],
          ),
          page(
            'receiveStockLog',
            { 'zh-CN': '出入库记录', 'en-US': 'Stock in/out log', 'fr-FR': 'Journal des entrées/sorties' },
            'HistoryOutlined',
            ['add', 'export'],
            [],
          ),
        ],
      },
    ],
  },
  {
    key: 'rebarFinished',
    label: { 'zh-CN': '成品与余料', 'en-US': 'Finished & offcut stock', 'fr-FR': 'Produits finis et chutes' },
    icon: 'ContainerOutlined',
    sort: 4,
    menus: [
      {
        key: 'finished',
        label: { 'zh-CN': '成品钢筋', 'en-US': 'Finished rebar', 'fr-FR': 'Armatures finies' },
        icon: 'CheckSquareOutlined',
        pages: [
          page(
            'stock',
            { 'zh-CN': '成品库存', 'en-US': 'Finished stock', 'fr-FR': 'Stock de produits finis' },
            'DatabaseOutlined',
            ['export'],
            [],
          ),
          page(
            'stockLog',
            { 'zh-CN': '成品出入库', 'en-US': 'Finished stock log', 'fr-FR': 'Journal des produits finis' },
            'HistoryOutlined',
            ['add', 'export'],
            ['add'],
          ),
        ],
      },
      {
        key: 'tail',
        label: { 'zh-CN': '余料', 'en-US': 'Offcuts', 'fr-FR': 'Chutes' },
        icon: 'ScissorOutlined',
        pages: [
          page(
            'stock',
            { 'zh-CN': '余料库存', 'en-US': 'Offcut stock', 'fr-FR': 'Stock de chutes' },
            'DatabaseOutlined',
            ['export'],
            [],
          ),
          page(
            'stockLog',
            { 'zh-CN': '余料出入库', 'en-US': 'Offcut stock log', 'fr-FR': 'Journal des chutes' },
            'HistoryOutlined',
            ['add', 'export'],
            ['add'],
          ),
        ],
      },
      {
        key: 'waste',
        label: { 'zh-CN': '废料', 'en-US': 'Waste', 'fr-FR': 'Déchets' },
        icon: 'DeleteOutlined',
        pages: [
          page(
            'stock',
            { 'zh-CN': '废料库存', 'en-US': 'Waste stock', 'fr-FR': 'Stock de déchets' },
            'DatabaseOutlined',
            ['add', 'export'],
            [],
          ),
        ],
      },
    ],
  },
  {
    key: 'basicConfig',
    label: { 'zh-CN': '基础配置', 'en-US': 'Basic configuration', 'fr-FR': 'Configuration de base' },
    icon: 'SettingOutlined',
    sort: 999,
    menus: [
      {
        key: 'basic',
        label: { 'zh-CN': '基础数据', 'en-US': 'Basic data', 'fr-FR': 'Données de base' },
        icon: 'TableOutlined',
        pages: [
          page(
            'technique',
            { 'zh-CN': '工艺', 'en-US': 'Techniques', 'fr-FR': 'Techniques' },
            'ExperimentOutlined',
            CRUD,
            EDITABLE,
          ),
          page(
            'inspectionType',
            { 'zh-CN': '检验特性', 'en-US': 'Inspection characteristics', 'fr-FR': "Caractéristiques d'inspection" },
            'SafetyCertificateOutlined',
            CRUD,
            EDITABLE,
          ),
          page('client', { 'zh-CN': '客户', 'en-US': 'Clients', 'fr-FR': 'Clients' }, 'BankOutlined', CRUD, EDITABLE),
          page(
            'product',
            { 'zh-CN': '产品', 'en-US': 'Products', 'fr-FR': 'Produits' },
            'ShopOutlined',
            CRUD,
            EDITABLE,
          ),
          page(
            'productType',
            { 'zh-CN': '产品类型', 'en-US': 'Product types', 'fr-FR': 'Types de produit' },
            'TagsOutlined',
            CRUD,
            EDITABLE,
          ),
          page(
            'partType',
            { 'zh-CN': '零件类型', 'en-US': 'Part types', 'fr-FR': 'Types de pièce' },
            'TagOutlined',
            CRUD,
            EDITABLE,
          ),
        ],
      },
      {
        key: 'spec',
        label: { 'zh-CN': '规格管理', 'en-US': 'Specifications', 'fr-FR': 'Spécifications' },
        icon: 'ProductOutlined',
        pages: [
          page(
            'rebar',
            { 'zh-CN': '钢筋规格', 'en-US': 'Rebar specs', 'fr-FR': "Spécifications d'armatures" },
            'ColumnHeightOutlined',
            CRUD,
            EDITABLE,
          ),
          page(
            'rebarMaterial',
            { 'zh-CN': '钢筋材质', 'en-US': 'Rebar materials', 'fr-FR': "Matériaux d'armatures" },
            'GoldOutlined',
            CRUD,
            EDITABLE,
          ),
        ],
      },
      {
        key: 'user',
        label: { 'zh-CN': '用户管理', 'en-US': 'Users', 'fr-FR': 'Utilisateurs' },
        icon: 'TeamOutlined',
        pages: [
          page(
            'personnel',
            { 'zh-CN': '人员', 'en-US': 'Personnel', 'fr-FR': 'Personnel' },
            'UserOutlined',
            [...CRUD, 'resetPassword'],
            EDITABLE,
          ),
          page(
            'roles',
            { 'zh-CN': '角色', 'en-US': 'Roles', 'fr-FR': 'Rôles' },
            'SafetyOutlined',
            [...CRUD, 'permission'],
            EDITABLE,
          ),
        ],
      },
    ],
  },
];
