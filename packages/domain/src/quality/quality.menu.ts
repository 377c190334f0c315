import { page, type MenuPages } from '../core/menu/menu-pages.ts';

/** The quality menu of intelligent processing: inspection records and statistics, traceability, sampling plans. */
export const QUALITY_PAGES = {
  'intelligentProcess.quality': [
    page(
      'inspection',
      { 'zh-CN': '检验记录', 'en-US': 'Inspections', 'fr-FR': 'Contrôles' },
      'SafetyCertificateOutlined',
      // add: record a production inspection (operator or inspector); export: the list as .xlsx.
      ['add', 'export'],
      ['detail/:id'],
    ),
    page(
      'trace',
      { 'zh-CN': '质量追溯', 'en-US': 'Traceability', 'fr-FR': 'Traçabilité' },
      'DeploymentUnitOutlined',
      ['export'],
      [],
    ),
    page(
      'samplingPlan',
      { 'zh-CN': '抽检方案', 'en-US': 'Sampling plans', 'fr-FR': 'Plans d’échantillonnage' },
      'ExperimentOutlined',
      ['update'],
      [],
    ),
  ],
} as const satisfies MenuPages;

const INSPECTION_PAGE = 'intelligentProcess.quality.inspection';

/**
 * Quality permissions. Receipt inspections are recorded, released and returned with the receipt page's
 * buttons (RECEIPT_PERMISSIONS.inspect/unhold/return); production inspections with `record`.
 */
export const QUALITY_PERMISSIONS = {
  read: INSPECTION_PAGE,
  record: `${INSPECTION_PAGE}.add`,
  export: `${INSPECTION_PAGE}.export`,
  trace: 'intelligentProcess.quality.trace',
  traceExport: 'intelligentProcess.quality.trace.export',
  samplingPlans: 'intelligentProcess.quality.samplingPlan',
  samplingPlansUpdate: 'intelligentProcess.quality.samplingPlan.update',
} as const;
