import type { SelectionInput, UserProduct } from '@armature/domain';

/**
 * The product a user may use when it is the only one: chosen for them on entering rather than asked
 * (a planner of one line has nothing to choose).
 */
export function soleProduct(products: readonly UserProduct[]): UserProduct | undefined {
  return products.length === 1 ? products[0] : undefined;
}

/**
 * What the chooser starts with: the last used product (the server keeps it) while still allowed, else
 * the first product of the first client as listed (by client name, then product code), so that one
 * click enters; the user picks another when it is not the one.
 */
export function defaultSelection(
  products: readonly UserProduct[],
  lastUsedId: string | undefined,
): Partial<SelectionInput> {
  const chosen = products.find((product) => product.id === lastUsedId) ?? products[0];
  return chosen ? { clientId: chosen.clientId, productId: chosen.id } : {};
}
