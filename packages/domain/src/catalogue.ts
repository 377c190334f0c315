import { ACCOUNT_ERRORS } from './account/index.ts';
import { BOM_ERRORS, BOM_PAGES, sparePartResource } from './bom/index.ts';
import { mergeErrorCatalogues } from './core/errors/error-catalogue.ts';
import { CORE_ERRORS } from './core/errors/core.errors.ts';
import type { Locale } from './core/i18n/locales.ts';
import type { SystemDefinition } from './core/menu/menu-definition.ts';
import { assembleMenu, makerPermissionsOf, type MenuPages, type SystemFrame } from './core/menu/menu-pages.ts';
import { menuTreeOf, permissionsOf, type SystemNode } from './core/menu/menu-tree.ts';
import type { Resource } from './core/resources/define-resource.ts';
import { endpointsOf, type ResourceEndpoint } from './core/resources/resource-endpoints.ts';
import { referrersIn, resourceAtPage, resourceNamed, type Referrer } from './core/resources/resource-registry.ts';
import { EQUIPMENT_ERRORS, EQUIPMENT_PAGES } from './equipment/index.ts';
import { INBOX_ERRORS } from './inbox/index.ts';
import { MASTER_DATA_ADMIN_ONLY_PERMISSIONS, MASTER_DATA_PAGES, MASTER_DATA_RESOURCES } from './master-data/index.ts';
import { PLANNING_ERRORS, PLANNING_PAGES } from './planning/index.ts';
import {
  PROCESSING_ERRORS,
  LOAD_ERRORS,
  PROCESSING_PAGES,
  PROCESSING_RESOURCES,
  TAG_ERRORS,
} from './processing/index.ts';
import { QUALITY_ERRORS, QUALITY_PAGES } from './quality/index.ts';
import { SALES_ADMIN_ONLY_PERMISSIONS, SALES_ERRORS, SALES_PAGES, SALES_RESOURCES } from './sales/index.ts';
import { STOCK_ERRORS, STOCK_PAGES, STOCK_RESOURCES } from './stock/index.ts';
import { USERS_ERRORS, USERS_PAGES } from './users/index.ts';

/*
 * The one place the areas are put together: the menu tree (and so the permission catalogue), the error
 * catalogue and the resource registry (the notification kinds are in catalogue-notifications.ts, which the
 * web app's first screen needs without the rest). Only the package root imports them; an area that needs
 * another's names imports that area's index.ts.
 */

/** The systems and menus of docs/spec.md §1.2 Routes; their pages come from the areas, which own them and their permissions. */
const SYSTEMS: readonly SystemFrame[] = [
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
      },
      {
        key: 'equipmentCenter',
        label: { 'zh-CN': '设备中心', 'en-US': 'Equipment centre', 'fr-FR': 'Centre des équipements' },
        icon: 'ClusterOutlined',
      },
      {
        key: 'salesCenter',
        label: { 'zh-CN': '销售与服务', 'en-US': 'Sales & service', 'fr-FR': 'Ventes et service' },
        icon: 'ShopOutlined',
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
      },
      {
        key: 'quality',
        label: { 'zh-CN': '质量管理', 'en-US': 'Quality', 'fr-FR': 'Qualité' },
        icon: 'SafetyOutlined',
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
      },
      { key: 'tail', label: { 'zh-CN': '余料', 'en-US': 'Offcuts', 'fr-FR': 'Chutes' }, icon: 'ScissorOutlined' },
      { key: 'waste', label: { 'zh-CN': '废料', 'en-US': 'Waste', 'fr-FR': 'Déchets' }, icon: 'DeleteOutlined' },
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
      },
      {
        key: 'spec',
        label: { 'zh-CN': '规格管理', 'en-US': 'Specifications', 'fr-FR': 'Spécifications' },
        icon: 'ProductOutlined',
      },
      { key: 'user', label: { 'zh-CN': '用户管理', 'en-US': 'Users', 'fr-FR': 'Utilisateurs' }, icon: 'TeamOutlined' },
    ],
  },
];

/**
 * The areas' pages. Where areas share a menu, their pages follow this order: the equipment centre
 * lists the machines before the product settings.
 */
const AREA_PAGES: readonly MenuPages[] = [
  BOM_PAGES,
  EQUIPMENT_PAGES,
  MASTER_DATA_PAGES,
  PLANNING_PAGES,
  PROCESSING_PAGES,
  QUALITY_PAGES,
  SALES_PAGES,
  STOCK_PAGES,
  USERS_PAGES,
];

/**
 * The menu tree of docs/spec.md §1.2 Routes — systems → menus → pages → buttons. It drives the permission catalogue, the
 * server's permission checks, the web router, the menu and the breadcrumbs (see menu-definition.ts).
 */
export const MENU_DEFINITION: readonly SystemDefinition[] = assembleMenu(SYSTEMS, AREA_PAGES);

/** The menu tree in the caller's language, keeping only the pages (and buttons) `isGranted` accepts. */
export function buildMenuTree(locale: Locale, isGranted: (permission: string) => boolean): SystemNode[] {
  return menuTreeOf(MENU_DEFINITION, locale, isGranted);
}

/** Every grantable permission: each page id and each of its button ids. */
export const PERMISSIONS: readonly string[] = permissionsOf(MENU_DEFINITION);

const PERMISSION_SET = new Set(PERMISSIONS);

export function isPermission(name: string): boolean {
  return PERMISSION_SET.has(name);
}

/**
 * The equipment maker's permissions (each page's `maker` part in its area's menu file): the maker's
 * pages and the writes of global data. Only the maker's admin grants them, only to the maker's staff
 * and roles; a client's user never holds one, whatever the grant tables say.
 */
export const MAKER_PERMISSIONS: readonly string[] = makerPermissionsOf(MENU_DEFINITION);

const MAKER_SET = new Set(MAKER_PERMISSIONS);

export function isMakerPermission(name: string): boolean {
  return MAKER_SET.has(name);
}

/**
 * Permissions of the catalogue that only administrators hold (see each area's list); never granted.
 * All are maker permissions; they go further because maker staff who are not admins see only the
 * products assigned to them, so could not even see the client or line they created.
 */
export const ADMIN_ONLY_PERMISSIONS: readonly string[] = [
  ...MASTER_DATA_ADMIN_ONLY_PERMISSIONS,
  ...SALES_ADMIN_ONLY_PERMISSIONS,
];

const ADMIN_ONLY_SET = new Set(ADMIN_ONLY_PERMISSIONS);

export function isAdminOnly(name: string): boolean {
  return ADMIN_ONLY_SET.has(name);
}

/** What a role or a user may be granted: a permission of the catalogue that is not admin-only. */
export function isGrantable(name: string): boolean {
  return PERMISSION_SET.has(name) && !ADMIN_ONLY_SET.has(name);
}

/**
 * Every error the API can answer, with its HTTP status and its message in the three languages.
 * The server localises `message` by Accept-Language; clients may also translate by `code`. Marked pure so that
 * a bundle that never reads it (the web app's: the server's messages come localised) leaves the three
 * languages' messages out (8 KiB of the login page, docs/benchmarks.md).
 */
export const ERRORS = /* @__PURE__ */ mergeErrorCatalogues(
  CORE_ERRORS,
  ACCOUNT_ERRORS,
  USERS_ERRORS,
  STOCK_ERRORS,
  PLANNING_ERRORS,
  EQUIPMENT_ERRORS,
  PROCESSING_ERRORS,
  LOAD_ERRORS,
  TAG_ERRORS,
  QUALITY_ERRORS,
  BOM_ERRORS,
  INBOX_ERRORS,
  SALES_ERRORS,
);

export type ErrorCode = keyof typeof ERRORS;

/** The body of every error response. `details` maps a field path (`roles.0`) to its localized messages. */
export type ErrorBody = {
  error: { code: ErrorCode; message: string; details?: Record<string, string[]> };
};

/**
 * Every resource of the generic machinery, referenced ones before those referring to them (tables
 * are created in this order). A resource is declared in its area and listed in the area's resource
 * list — see the README, "Adding a resource".
 */
export const RESOURCES = [
  ...MASTER_DATA_RESOURCES,
  sparePartResource,
  ...SALES_RESOURCES,
  ...PROCESSING_RESOURCES,
  ...STOCK_RESOURCES,
] as const satisfies readonly Resource[];

export type ResourceName = (typeof RESOURCES)[number]['name'];

const REGISTERED: readonly Resource[] = RESOURCES;

export function resourceByName(name: string): Resource {
  return resourceNamed(REGISTERED, name);
}

/** The resource whose list is the menu page `page`, if one is. */
export function resourceOfPage(page: string): Resource | undefined {
  return resourceAtPage(REGISTERED, page);
}

/** The reference fields of every resource that point at `name` (what may block deleting one of its records). */
export function referrersOf(name: string): Referrer[] {
  return referrersIn(REGISTERED, name);
}

/** Every endpoint of the given resources (all registered ones by default). */
export function resourceEndpoints(resources: readonly Resource[] = REGISTERED): ResourceEndpoint[] {
  return resources.flatMap(endpointsOf);
}
