import { maintenanceVisitResource, salesLeadResource } from '@armature/domain';
import { resourcePageScreens } from '../../components/resource/resource-page-screens.ts';
import type { WebArea } from '../../components/web-area.ts';
import { SALES_LEAD_VIEW } from './sales.views.ts';

/**
 * The sales centre's screens, by menu page id: the generic resource screens of leads (their detail
 * converting a won lead into a client) and of maintenance visits.
 */
export const salesArea: WebArea = {
  name: 'sales',
  screens: {
    ...resourcePageScreens(salesLeadResource, {
      view: SALES_LEAD_VIEW,
      own: { detail: () => import('./sales-lead-detail.view.tsx') },
    }),
    ...resourcePageScreens(maintenanceVisitResource),
  },
};
