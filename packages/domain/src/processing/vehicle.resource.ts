import { defineResource, type ItemOf } from '../core/resources/define-resource.ts';
import { codeField, descriptionField, nameField } from '../core/resources/common-fields.ts';
import type { TruckLimits } from './load-plan.ts';

/**
 * A delivery truck: what the load plans pack bundles into. Its bed is divided by the stakes
 * into bays running its length; bundles lie end to end in a bay (`load-plan.ts`). The limits have
 * defaults (a 13.6 m, 25 t flatbed with 8 bays), so a field left out takes them.
 */
export const vehicleResource = defineResource({
  name: 'vehicle',
  label: { 'zh-CN': '车辆', 'en-US': 'Vehicles', 'fr-FR': 'Véhicules' },
  path: 'vehicle',
  page: 'rebarFinished.finished.vehicle',
  table: 'vehicles',
  scope: 'product',
  fields: {
    code: codeField,
    name: nameField,
    plate: {
      kind: 'text',
      max: 20,
      required: true,
      label: { 'zh-CN': '车牌号', 'en-US': 'Plate', 'fr-FR': 'Immatriculation' },
    },
    bedLength: {
      kind: 'int',
      min: 1000,
      max: 30_000,
      unit: 'mm',
      default: 13_600,
      label: { 'zh-CN': '车厢长度', 'en-US': 'Bed length', 'fr-FR': 'Longueur du plateau' },
    },
    maxPayload: {
      kind: 'int',
      min: 100,
      max: 100_000,
      unit: 'kg',
      default: 25_000,
      label: { 'zh-CN': '最大载重', 'en-US': 'Maximum payload', 'fr-FR': 'Charge utile maximale' },
    },
    bays: {
      kind: 'int',
      min: 1,
      max: 20,
      default: 8,
      label: { 'zh-CN': '车位数（立柱间）', 'en-US': 'Bays (between stakes)', 'fr-FR': 'Travées (entre ranchers)' },
    },
    description: descriptionField,
  },
  labelField: 'code',
  displayField: 'name',
  unique: [['code'], ['plate']],
  defaultSort: ['code'],
});
export type Vehicle = ItemOf<typeof vehicleResource>;

/** A vehicle's limits as the load plans take them. */
export const truckLimitsOf = (vehicle: Pick<Vehicle, 'bedLength' | 'maxPayload' | 'bays'>): TruckLimits => ({
  bedLength: vehicle.bedLength,
  maxPayload: vehicle.maxPayload,
  bays: vehicle.bays,
});
