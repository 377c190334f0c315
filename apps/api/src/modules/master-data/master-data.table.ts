import {
  inspectionTypeResource,
  partTypeResource,
  productSettingResource,
  productTypeResource,
  rebarMaterialResource,
  rebarResource,
  techniqueResource,
} from '@armature/domain';
import { scopedTableOf, tableOf } from '../../core/crud/resources.table.ts';

// Master data's resource tables, built by the generic crud from their definitions (clients and
// products, the tenancy's, are the core's). Other areas read them from here: a foreign key names a
// table file directly.
export const techniques = tableOf(techniqueResource);
export const inspectionTypes = tableOf(inspectionTypeResource);
export const productTypes = tableOf(productTypeResource);
export const partTypes = tableOf(partTypeResource);
export const rebarMaterials = scopedTableOf(rebarMaterialResource);
export const rebars = scopedTableOf(rebarResource);
export const productSettings = tableOf(productSettingResource);
