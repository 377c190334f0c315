import { endpointsOf, type Resource, type ResourceEndpoint, type SubRoute } from '@armature/domain';
import type { PageScreens, ScreenModule } from '../../lib/lazy-screens.ts';
import { pageSubRoutes } from './resource-endpoint.ts';
import type { ResourceScreenKind } from './resource-screens.tsx';
import type { ResourceViewConfig } from './resource-view-config.ts';

type ScreenLoader = () => Promise<ScreenModule>;

/**
 * How an area shows one of its resources: the choices its generic screens make (`view`), and the
 * screens the area replaces with its own (`own`: the sales leads' conversion, the parts library's detail).
 */
export type ResourceScreensOptions = {
  view?: ResourceViewConfig;
  own?: Partial<Record<ResourceScreenKind, ScreenLoader>>;
};

/**
 * The screens of each page a resource is served at (its own and its plant variant's), by menu page
 * id: the list, and each sub-route the menu gives the page that the resource's operations allow. The
 * generic ones load as one lazy chunk for every resource.
 */
export function resourcePageScreens(
  resource: Resource,
  { view = {}, own = {} }: ResourceScreensOptions = {},
): Record<string, PageScreens> {
  return Object.fromEntries(
    endpointsOf(resource).map((endpoint) => [endpoint.page, endpointScreens(endpoint, view, own)]),
  );
}

function endpointScreens(
  endpoint: ResourceEndpoint,
  view: ResourceViewConfig,
  own: ResourceScreensOptions['own'] = {},
): PageScreens {
  const load = (kind: ResourceScreenKind): ScreenLoader =>
    own[kind] ??
    (async () => ({ default: (await import('./resource-screens.tsx')).resourceScreen(endpoint, view, kind) }));
  const subRoutes = pageSubRoutes(endpoint.page);
  const offers = (subRoute: SubRoute, operation?: 'create' | 'update') =>
    subRoutes.includes(subRoute) && (!operation || endpoint.resource.operations.includes(operation));
  return {
    list: load('list'),
    ...(offers('add', 'create') && { add: load('form') }),
    ...(offers('update/:id', 'update') && { 'update/:id': load('form') }),
    ...(offers('detail/:id') && { 'detail/:id': load('detail') }),
  };
}
