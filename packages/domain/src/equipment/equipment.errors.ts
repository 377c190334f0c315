import type { ErrorCatalogue } from '../core/errors/error-catalogue.ts';

/** Refusals of the equipment centre and the digital twin. */
export const EQUIPMENT_ERRORS = {
  equipment_status_by_telemetry: {
    status: 409,
    message: {
      'zh-CN': '设备 {serialNumber} 通过遥测上报状态，不能手动设置',
      'en-US': 'Machine {serialNumber} reports its status by telemetry: it cannot be set by hand',
      'fr-FR': 'La machine {serialNumber} transmet son état par télémesure : il ne se règle pas à la main',
    },
  },
  equipment_product_of_other_client: {
    status: 400,
    message: {
      'zh-CN': '所选产线不属于该设备的客户',
      'en-US': 'The chosen line does not belong to the machine’s client',
      'fr-FR': 'La ligne choisie n’appartient pas au client de la machine',
    },
  },
} as const satisfies ErrorCatalogue;
