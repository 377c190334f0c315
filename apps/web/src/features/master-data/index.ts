import { resourceEndpoints, type ResourceEndpoint, type SubRoute } from '@armature/domain';
import { pageSubRoutes } from '../../components/resource/resource-endpoint.ts';
import type { PageScreens, ScreenModule } from '../../lib/lazy-screens.ts';
import type { ResourceScreenKind } from './resource-screens.tsx';

/**
 * The generic screens of a resource page (one lazy chunk for all of them): the list, and each
 * sub-route the menu gives the page that the resource's operations allow.
 */
function resourcePageScreens(endpoint: ResourceEndpoint): PageScreens {
  const load = (kind: ResourceScreenKind) => async (): Promise<ScreenModule> => ({
    default: (await import('./resource-screens.tsx')).resourceScreen(endpoint.page, kind),
  });
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

/** Every resource endpoint of the domain registry (and its plant variant), by menu page id. */
export const masterDataScreens: Record<string, PageScreens> = Object.fromEntries(
  resourceEndpoints().map((endpoint) => [endpoint.page, resourcePageScreens(endpoint)]),
);
