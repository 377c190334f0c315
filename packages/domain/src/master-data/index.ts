// Master data: the generic resources of basic configuration and product settings, the tenancy names
// for clients and products, a user's own product settings and the rebar weight rules.
export * from './resources/technique.resource.ts';
export * from './resources/inspection-type.resource.ts';
export * from './resources/product-type.resource.ts';
export * from './resources/part-type.resource.ts';
export * from './resources/client.resource.ts';
export * from './resources/product.resource.ts';
export * from './resources/rebar-material.resource.ts';
export * from './resources/rebar.resource.ts';
export * from './resources/product-setting.resource.ts';
export * from './client.schema.ts';
export * from './user-product-setting.schema.ts';
export * from './user-product-setting.endpoints.ts';
export * from './product.endpoints.ts';
export * from './rebar-weight.ts';
export * from './master-data.menu.ts';
export * from './resource-list.ts';
