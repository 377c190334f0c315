import { sparePartResource } from '@armature/domain';
import { tableOf } from '../../core/crud/resources.table.ts';

// The BOM centre's parts: a resource table, built by the generic crud from its definition.
export const spareParts = tableOf(sparePartResource);
