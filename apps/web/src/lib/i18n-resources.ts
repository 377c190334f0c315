import 'i18next';
import type auth from '../locales/zh-CN/auth.json';
import type bom from '../locales/zh-CN/bom.json';
import type common from '../locales/zh-CN/common.json';
import type cutPlan from '../locales/zh-CN/cutPlan.json';
import type delivery from '../locales/zh-CN/delivery.json';
import type equipment from '../locales/zh-CN/equipment.json';
import type inbox from '../locales/zh-CN/inbox.json';
import type messages from '../locales/zh-CN/messages.json';
import type planning from '../locales/zh-CN/planning.json';
import type processing from '../locales/zh-CN/processing.json';
import type quality from '../locales/zh-CN/quality.json';
import type rbac from '../locales/zh-CN/rbac.json';
import type resource from '../locales/zh-CN/resource.json';
import type sales from '../locales/zh-CN/sales.json';
import type scan from '../locales/zh-CN/scan.json';
import type stock from '../locales/zh-CN/stock.json';
import type workbench from '../locales/zh-CN/workbench.json';

/**
 * Every namespace (one `locales/<lang>/<ns>.json` each), typed by its zh-CN file: zh-CN is the default
 * language and the parity test holds en-US and fr-FR to its keys, so `t('…')` of a key zh-CN lacks fails
 * `tsc -b`. A new namespace is one line here (the i18n test fails until it is added).
 */
export interface I18nResources {
  auth: typeof auth;
  bom: typeof bom;
  common: typeof common;
  cutPlan: typeof cutPlan;
  delivery: typeof delivery;
  equipment: typeof equipment;
  inbox: typeof inbox;
  messages: typeof messages;
  planning: typeof planning;
  processing: typeof processing;
  quality: typeof quality;
  rbac: typeof rbac;
  resource: typeof resource;
  sales: typeof sales;
  scan: typeof scan;
  stock: typeof stock;
  workbench: typeof workbench;
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: I18nResources;
  }
}
