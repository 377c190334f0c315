import { defineResource, type ItemOf } from '../core/resources/define-resource.ts';
import { codeField } from '../core/resources/common-fields.ts';

/**
 * A service visit of the maker's technicians to a client's machine (客户维护; global, maker-side): what
 * was done, the spare parts used (from the parts library) and when to come back.
 */
export const maintenanceVisitResource = defineResource({
  name: 'maintenanceVisit',
  label: { 'zh-CN': '客户维护', 'en-US': 'Maintenance visits', 'fr-FR': 'Visites de maintenance' },
  path: 'maintenanceVisit',
  aliases: ['clientMaintenance'],
  page: 'superAdmin.salesCenter.clientMaintenance',
  // The maker's visits to every client's machines: their options are for those who read the visits
  // (the tenancy sweep found a client's users reading another client's visits here).
  optionsAccess: 'superAdmin.salesCenter.clientMaintenance',
  table: 'maintenance_visits',
  scope: 'global',
  fields: {
    // The service ticket number (服务单号) the visit is filed and found under.
    code: { ...codeField, label: { 'zh-CN': '服务单号', 'en-US': 'Service ticket', 'fr-FR': 'N° d’intervention' } },
    clientId: {
      kind: 'reference',
      to: 'client',
      required: true,
      label: { 'zh-CN': '客户', 'en-US': 'Client', 'fr-FR': 'Client' },
    },
    // The machine's serial number as on its plate (the equipment centre's key).
    equipmentSerial: {
      kind: 'text',
      max: 64,
      label: { 'zh-CN': '设备序列号', 'en-US': 'Equipment serial no.', 'fr-FR': 'N° de série de l’équipement' },
    },
    visitDate: {
      kind: 'date',
      required: true,
      label: { 'zh-CN': '维护日期', 'en-US': 'Visit date', 'fr-FR': 'Date de visite' },
    },
    technician: {
      kind: 'text',
      max: 64,
      required: true,
      label: { 'zh-CN': '技术员', 'en-US': 'Technician', 'fr-FR': 'Technicien' },
    },
    workDone: {
      kind: 'text',
      max: 1000,
      multiline: true,
      required: true,
      hiddenInList: true,
      label: { 'zh-CN': '维护内容', 'en-US': 'Work done', 'fr-FR': 'Travaux effectués' },
    },
    partsUsed: {
      kind: 'partList',
      to: 'sparePart',
      maxItems: 50,
      maxQuantity: 100_000,
      scale: 2,
      hiddenInList: true,
      label: { 'zh-CN': '使用备件', 'en-US': 'Parts used', 'fr-FR': 'Pièces utilisées' },
    },
    nextVisitDate: {
      kind: 'date',
      label: { 'zh-CN': '下次维护日期', 'en-US': 'Next visit', 'fr-FR': 'Prochaine visite' },
    },
  },
  labelField: 'code',
  displayField: 'code',
  unique: [['code']],
  defaultSort: ['visitDate', 'code'],
  // A next visit is planned after this one.
  check: (values) =>
    typeof values.nextVisitDate === 'string' &&
    typeof values.visitDate === 'string' &&
    values.nextVisitDate < values.visitDate
      ? { nextVisitDate: 'rangeOrder' }
      : undefined,
});

export type MaintenanceVisit = ItemOf<typeof maintenanceVisitResource>;
