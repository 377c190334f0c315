import { CRUD, EDITABLE, page, type MenuPages } from '../core/menu/menu-pages.ts';

export const BOM_PAGES = {
  'superAdmin.BOMCenter': [
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
    page('PLCTask', { 'zh-CN': 'PLC任务', 'en-US': 'PLC tasks', 'fr-FR': 'Tâches PLC' }, 'CodeOutlined', CRUD, []),
  ],
} as const satisfies MenuPages;
