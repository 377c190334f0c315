import type { ComponentType } from 'react';
import type { ResourceEndpoint } from '@armature/domain';
import { pageSubRoutes } from './resource-endpoint.ts';
import { ResourceDetailView } from './resource-detail.view.tsx';
import { ResourceFormView } from './resource-form.view.tsx';
import { ResourceListView } from './resource-list.view.tsx';
import type { ResourceViewConfig } from './resource-view-config.ts';

export type ResourceScreenKind = 'list' | 'form' | 'detail';

function screenOf(endpoint: ResourceEndpoint, view: ResourceViewConfig, kind: ResourceScreenKind): ComponentType {
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
 * The generic screen `kind` of a resource endpoint, made once per page and kind so the router keeps
 * the same component type across visits. This module is the one chunk of every generic resource screen.
 */
export function resourceScreen(
  endpoint: ResourceEndpoint,
  view: ResourceViewConfig,
  kind: ResourceScreenKind,
): ComponentType {
  const key = `${endpoint.page} ${kind}`;
  let screen = screens.get(key);
  if (!screen) {
    screen = screenOf(endpoint, view, kind);
    screens.set(key, screen);
  }
  return screen;
}
