import { defineResource, type ItemOf } from '../core/resources/define-resource.ts';
import { codeField, descriptionField, nameField } from '../core/resources/common-fields.ts';
import { vehicleResource } from './vehicle.resource.ts';

/**
 * A thermal label printer on the plant's network (Zebra-type, ZPL II, raw jobs on TCP port 9100). A
 * resource of its own rather than a machine field: a printer has its own address and resolution, one
 * printer often serves several machines, and some stand where no machine is (the dispatch office, the
 * yard). Each workstation picks its printer once (the browser of that device keeps the choice).
 */
export const labelPrinterResource = defineResource({
  name: 'labelPrinter',
  label: { 'zh-CN': '标签打印机', 'en-US': 'Label printers', 'fr-FR': 'Imprimantes d’étiquettes' },
  path: 'labelPrinter',
  page: 'intelligentProcess.taskCenter.labelPrinter',
  table: 'label_printers',
  scope: 'product',
  fields: {
    code: codeField,
    name: nameField,
    host: {
      kind: 'text',
      max: 253,
      required: true,
      label: {
        'zh-CN': '地址（IP 或主机名）',
        'en-US': 'Address (IP or host name)',
        'fr-FR': 'Adresse (IP ou nom d’hôte)',
      },
    },
    port: {
      kind: 'int',
      min: 1,
      max: 65535,
      default: 9100,
      label: { 'zh-CN': '端口', 'en-US': 'Port', 'fr-FR': 'Port' },
    },
    dpi: {
      kind: 'enum',
      options: {
        '203': { 'zh-CN': '203 dpi（8 点/毫米）', 'en-US': '203 dpi (8 dots/mm)', 'fr-FR': '203 dpi (8 points/mm)' },
        '300': { 'zh-CN': '300 dpi（12 点/毫米）', 'en-US': '300 dpi (12 dots/mm)', 'fr-FR': '300 dpi (12 points/mm)' },
      },
      default: '203',
      label: { 'zh-CN': '分辨率', 'en-US': 'Resolution', 'fr-FR': 'Résolution' },
    },
    description: descriptionField,
  },
  labelField: 'code',
  displayField: 'name',
  unique: [['code']],
  defaultSort: ['code'],
});
export type LabelPrinter = ItemOf<typeof labelPrinterResource>;

/** The area's resources. */
export const PROCESSING_RESOURCES = [labelPrinterResource, vehicleResource] as const;
