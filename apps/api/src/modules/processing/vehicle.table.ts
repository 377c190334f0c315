import { vehicleResource } from '@armature/domain';
import { scopedTableOf } from '../../core/crud/resources.table.ts';

// A line's delivery trucks: a resource table, built by the generic crud from its definition.
export const vehicles = scopedTableOf(vehicleResource);
