import { stockLocationResource } from '@armature/domain';
import { scopedTableOf } from '../../core/crud/resources.table.ts';

// A line's racks and bins: a resource table, built by the generic crud from its definition.
export const stockLocations = scopedTableOf(stockLocationResource);
