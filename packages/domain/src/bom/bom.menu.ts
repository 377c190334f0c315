import { CRUD, EDITABLE, page, type MenuPages } from '../core/menu/menu-pages.ts';

/** The BOM centre is the maker's: every page is marked `maker`. */
export const BOM_PAGES = {
  'superAdmin.BOMCenter': [
    page(
      'spareOarts',
      { 'zh-CN': '零件库', 'en-US': 'Parts library', 'fr-FR': 'Bibliothèque de pièces' },
      'AppstoreOutlined',
      CRUD,
      [...EDITABLE, 'detail/:id'],
      true,
    ),
    page(
      'designBOM',
      { 'zh-CN': '设计BOM', 'en-US': 'Design BOM', 'fr-FR': 'BOM de conception' },
      'PartitionOutlined',
      [...CRUD, 'release', 'import'],
      [...EDITABLE, 'detail/:id', 'children/:id'],
      true,
    ),
    page(
      'makeBOM',
      { 'zh-CN': '制造BOM', 'en-US': 'Manufacturing BOM', 'fr-FR': 'BOM de fabrication' },
      'BuildOutlined',
      // add: derive one from a released design BOM; update: its process data (techniques, routing, make or buy).
      ['add', 'update', 'export'],
      ['detail/:id'],
      true,
    ),
    page(
      'digitalTwinBOM',
      { 'zh-CN': '数字孪生BOM', 'en-US': 'Digital-twin BOM', 'fr-FR': 'BOM du jumeau numérique' },
      'DeploymentUnitOutlined',
      CRUD,
      EDITABLE,
      true,
    ),
    // The spec gives PLCTask a list only: its editor opens in a drawer over the list.
    page(
      'PLCTask',
      { 'zh-CN': 'PLC任务', 'en-US': 'PLC tasks', 'fr-FR': 'Tâches PLC' },
      'CodeOutlined',
      CRUD,
      [],
      true,
    ),
  ],
} as const satisfies MenuPages;

/** The BOM centre's permissions: the maker's (the demo admin holds them; no plant role does). */
export const BOM_PERMISSIONS = {
  parts: 'superAdmin.BOMCenter.spareOarts',
  partsAdd: 'superAdmin.BOMCenter.spareOarts.add',
  partsUpdate: 'superAdmin.BOMCenter.spareOarts.update',
  partsDelete: 'superAdmin.BOMCenter.spareOarts.delete',
  design: 'superAdmin.BOMCenter.designBOM',
  designAdd: 'superAdmin.BOMCenter.designBOM.add',
  designUpdate: 'superAdmin.BOMCenter.designBOM.update',
  designDelete: 'superAdmin.BOMCenter.designBOM.delete',
  designExport: 'superAdmin.BOMCenter.designBOM.export',
  designRelease: 'superAdmin.BOMCenter.designBOM.release',
  designImport: 'superAdmin.BOMCenter.designBOM.import',
  make: 'superAdmin.BOMCenter.makeBOM',
  makeAdd: 'superAdmin.BOMCenter.makeBOM.add',
  makeUpdate: 'superAdmin.BOMCenter.makeBOM.update',
  makeExport: 'superAdmin.BOMCenter.makeBOM.export',
  twin: 'superAdmin.BOMCenter.digitalTwinBOM',
  twinAdd: 'superAdmin.BOMCenter.digitalTwinBOM.add',
  twinUpdate: 'superAdmin.BOMCenter.digitalTwinBOM.update',
  twinDelete: 'superAdmin.BOMCenter.digitalTwinBOM.delete',
  plc: 'superAdmin.BOMCenter.PLCTask',
  plcAdd: 'superAdmin.BOMCenter.PLCTask.add',
  plcUpdate: 'superAdmin.BOMCenter.PLCTask.update',
  plcDelete: 'superAdmin.BOMCenter.PLCTask.delete',
} as const;
