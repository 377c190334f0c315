import type { Localized } from '../i18n/locales.ts';
import type { ButtonKey, MakerPart, PageDefinition, SubRoute } from '../menu/menu-definition.ts';
import { page } from '../menu/menu-pages.ts';
import type { ResourceDefinition } from './define-resource.ts';
import type { ResourceVariant } from './resource-endpoints.ts';

/** `basicConfig.basic.technique` → `technique`. */
const pageKeyOf = (pageId: string): string => pageId.slice(pageId.lastIndexOf('.') + 1);

/**
 * The menu page listing a resource, keyed and labelled by its definition so the label is written once.
 * `variant: 'plant'` is the page of its plant variant. A page whose title must tell it from its plant
 * variant (`产品设置（管理）`) passes its own `label`; `maker` marks what of it is the maker's.
 */
export function resourcePage(
  resource: Pick<ResourceDefinition, 'label' | 'page' | 'plantVariant'>,
  icon: string,
  buttons: readonly ButtonKey[],
  subRoutes: readonly SubRoute[],
  options: { variant?: ResourceVariant; label?: Localized; maker?: MakerPart } = {},
): PageDefinition {
  const { variant = 'main', label = resource.label } = options;
  const pageId = variant === 'plant' ? resource.plantVariant?.page : resource.page;
  if (!pageId) throw new Error(`Resource page "${resource.page}" has no plant variant`);
  return page(pageKeyOf(pageId), label, icon, buttons, subRoutes, options.maker);
}
