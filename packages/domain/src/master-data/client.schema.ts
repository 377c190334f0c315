import type { ItemOf, InputOf } from '../core/resources/define-resource.ts';
import { clientResource } from './resources/client.resource.ts';
import { productResource } from './resources/product.resource.ts';

/** Clients and products are generic resources; these names are what the tenancy code speaks of. */
export const clientSchema = clientResource.schemas.item;
export type Client = ItemOf<typeof clientResource>;
export type ClientInput = InputOf<typeof clientResource>;

export const productSchema = productResource.schemas.item;
export type Product = ItemOf<typeof productResource>;
export type ProductInput = InputOf<typeof productResource>;
