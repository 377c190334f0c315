import { defineResource } from '../../core/resources/define-resource.ts';
import { codeField, descriptionField, nameField, statusField } from '../../core/resources/common-fields.ts';
import type { Localized } from '../../core/i18n/locales.ts';

/**
 * The IANA time zones a plant can be in: its documents are numbered by its own day
 * (`DO20261121-0001` is the 21st where the plant is). A choice of the zones of the regions the lines
 * are sold to; every name is canonical IANA, so `Intl` knows it on the server and in browsers.
 */
export const PLANT_TIME_ZONES = [
  'Asia/Shanghai',
  'Asia/Hong_Kong',
  'Asia/Taipei',
  'Asia/Urumqi',
  'Asia/Tokyo',
  'Asia/Seoul',
  'Asia/Singapore',
  'Asia/Kuala_Lumpur',
  'Asia/Jakarta',
  'Asia/Bangkok',
  'Asia/Ho_Chi_Minh',
  'Asia/Manila',
  'Asia/Kolkata',
  'Asia/Karachi',
  'Asia/Dhaka',
  'Asia/Tashkent',
  'Asia/Almaty',
  'Asia/Dubai',
  'Asia/Riyadh',
  'Asia/Tehran',
  'Europe/Istanbul',
  'Europe/Moscow',
  'Europe/Athens',
  'Europe/Warsaw',
  'Europe/Berlin',
  'Europe/Paris',
  'Europe/Madrid',
  'Europe/London',
  'Africa/Cairo',
  'Africa/Lagos',
  'Africa/Nairobi',
  'Africa/Johannesburg',
  'Africa/Casablanca',
  'America/Sao_Paulo',
  'America/Mexico_City',
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Los_Angeles',
  'Australia/Sydney',
  'Australia/Perth',
  'Pacific/Auckland',
  'UTC',
] as const;
export type PlantTimeZone = (typeof PLANT_TIME_ZONES)[number];
export const DEFAULT_TIME_ZONE: PlantTimeZone = 'Asia/Shanghai';

const sameInEveryLanguage = (text: string): Localized => ({ 'zh-CN': text, 'en-US': text, 'fr-FR': text });

/** One processing line / plant of a client; it scopes all plant data. */
export const productResource = defineResource({
  name: 'product',
  label: { 'zh-CN': '产品', 'en-US': 'Products', 'fr-FR': 'Produits' },
  path: 'product',
  page: 'basicConfig.basic.product',
  table: 'products',
  scope: 'global',
  fields: {
    code: codeField,
    name: nameField,
    clientId: {
      kind: 'reference',
      to: 'client',
      required: true,
      label: { 'zh-CN': '客户', 'en-US': 'Client', 'fr-FR': 'Client' },
    },
    productTypeId: {
      kind: 'reference',
      to: 'productType',
      label: { 'zh-CN': '产品类型', 'en-US': 'Product type', 'fr-FR': 'Type de produit' },
    },
    status: statusField,
    timeZone: {
      kind: 'enum',
      options: Object.fromEntries(PLANT_TIME_ZONES.map((zone) => [zone, sameInEveryLanguage(zone)])) as Record<
        PlantTimeZone,
        Localized
      >,
      default: DEFAULT_TIME_ZONE,
      hiddenInList: true,
      label: { 'zh-CN': '时区', 'en-US': 'Time zone', 'fr-FR': 'Fuseau horaire' },
    },
    description: descriptionField,
  },
  labelField: 'code',
  displayField: 'name',
  unique: [['code']],
  defaultSort: ['code'],
});
