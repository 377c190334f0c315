import { MASTER_DATA_RESOURCES } from '@armature/domain';
import { resourcePageScreens } from '../../components/resource/resource-page-screens.ts';
import type { WebArea } from '../../components/web-area.ts';
import { MASTER_DATA_VIEWS } from './resource-views.ts';

/** The generic resource screens of every master-data resource (and its plant variant), by menu page id. */
export const masterDataArea: WebArea = {
  name: 'masterData',
  screens: Object.fromEntries(
    MASTER_DATA_RESOURCES.flatMap((resource) =>
      Object.entries(resourcePageScreens(resource, { view: MASTER_DATA_VIEWS[resource.name] })),
    ),
  ),
};
