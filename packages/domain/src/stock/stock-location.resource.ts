import { defineResource, type ItemOf } from '../core/resources/define-resource.ts';
import { codeField, descriptionField, nameField } from '../core/resources/common-fields.ts';

/**
 * Where bars lie in a line's yard: a rack (a row of cradles for full-length bars) or a bin (a box or
 * cradle for offcuts), or an open area (the receiving bay). Raw stock and offcut lots sit at one location
 * (or none yet: unplaced); moving bars between locations is a ledger row, so a keeper finds a bar where
 * the books say it is.
 */
export const stockLocationResource = defineResource({
  name: 'stockLocation',
  label: { 'zh-CN': '库位', 'en-US': 'Stock locations', 'fr-FR': 'Emplacements de stock' },
  path: 'stockLocation',
  page: 'rawMaterialStock.receiveCenter.stockLocation',
  table: 'stock_locations',
  scope: 'product',
  fields: {
    code: codeField,
    name: nameField,
    kind: {
      kind: 'enum',
      options: {
        rack: { 'zh-CN': '料架', 'en-US': 'Rack', 'fr-FR': 'Rack' },
        bin: { 'zh-CN': '料箱', 'en-US': 'Bin', 'fr-FR': 'Bac' },
        area: { 'zh-CN': '堆放区', 'en-US': 'Area', 'fr-FR': 'Zone' },
      },
      default: 'rack',
      label: { 'zh-CN': '类型', 'en-US': 'Type', 'fr-FR': 'Type' },
    },
    description: descriptionField,
  },
  labelField: 'code',
  displayField: 'name',
  unique: [['code']],
  defaultSort: ['code'],
});
export type StockLocation = ItemOf<typeof stockLocationResource>;

/** The area's resources. */
export const STOCK_RESOURCES = [stockLocationResource] as const;
