import { labelPrinterResource } from '@armature/domain';
import { scopedTableOf } from '../../core/crud/resources.table.ts';

// A line's label printers: a resource table, built by the generic crud from its definition.
export const labelPrinters = scopedTableOf(labelPrinterResource);
