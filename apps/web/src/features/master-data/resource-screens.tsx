import type { ComponentType } from 'react';
import { ResourceDetailView } from '../../components/resource/resource-detail.view.tsx';
import { resourceEndpoints, type ResourceEndpoint } from '@armature/domain';
import { pageSubRoutes } from '../../components/resource/resource-endpoint.ts';
import { ResourceFormView } from '../../components/resource/resource-form.view.tsx';
import { ResourceListView } from '../../components/resource/resource-list.view.tsx';
import type { ResourceViewConfig } from '../../components/resource/resource-view-config.ts';
import { RESOURCE_VIEWS } from './resource-views.ts';

export type ResourceScreenKind = 'list' | 'form' | 'detail';

const ENDPOINTS = new Map(resourceEndpoints().map((endpoint) => [endpoint.page, endpoint]));

function screenOf(endpoint: ResourceEndpoint, kind: ResourceScreenKind): ComponentType {
  const view: ResourceViewConfig = RESOURCE_VIEWS[endpoint.resource.name as keyof typeof RESOURCE_VIEWS];
  switch (kind) {
    case 'list': {
      const hasDetail = pageSubRoutes(endpoint.page).includes('detail/:id');
      return () => <ResourceListView endpoint={endpoint} view={view} hasDetail={hasDetail} />;
    }
    case 'form':
      return () => <ResourceFormView endpoint={endpoint} view={view} />;
    case 'detail':
      return () => <ResourceDetailView endpoint={endpoint} />;
  }
}

const screens = new Map<string, ComponentType>();

/**
 * The screen `kind` of the resource page `page` (one component per page and kind, made once, so the
 * router keeps the same component type across visits). This module is the one chunk of every
 * generic resource screen.
 */
export function resourceScreen(page: string, kind: ResourceScreenKind): ComponentType {
  const key = `${page} ${kind}`;
  let screen = screens.get(key);
  if (!screen) {
    const endpoint = ENDPOINTS.get(page);
    if (!endpoint) throw new Error(`No resource has the page "${page}"`);
    screen = screenOf(endpoint, kind);
    screens.set(key, screen);
  }
  return screen;
}
