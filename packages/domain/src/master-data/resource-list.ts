import { clientResource } from './resources/client.resource.ts';
import { inspectionTypeResource } from './resources/inspection-type.resource.ts';
import { partTypeResource } from './resources/part-type.resource.ts';
import { productSettingResource } from './resources/product-setting.resource.ts';
import { productTypeResource } from './resources/product-type.resource.ts';
import { productResource } from './resources/product.resource.ts';
import { rebarMaterialResource } from './resources/rebar-material.resource.ts';
import { rebarResource } from './resources/rebar.resource.ts';
import { techniqueResource } from './resources/technique.resource.ts';

/**
 * Every master-data resource, referenced ones before those referring to them (tables are created in
 * this order).
 */
export const MASTER_DATA_RESOURCES = [
  techniqueResource,
  inspectionTypeResource,
  productTypeResource,
  partTypeResource,
  clientResource,
  productResource,
  rebarMaterialResource,
  rebarResource,
  productSettingResource,
] as const;
