import { SALES_LEAD_PERMISSIONS } from '@armature/domain';
import { screenOf, type PageScreens } from '../../lib/lazy-screens.ts';

const leadScreen = (key: 'list' | 'form' | 'detail') =>
  screenOf(
    () => import('./sales-lead-screens.tsx'),
    (module) => ({
      list: module.SalesLeadListView,
      form: module.SalesLeadFormView,
      detail: module.SalesLeadDetailView,
    }),
    key,
  );

/**
 * The sales centre's own screens, by menu page id: the leads (status choices and conversion). The
 * maintenance visits are the generic resource screens (master data serves every resource page).
 */
export const salesScreens: Record<string, PageScreens> = {
  [SALES_LEAD_PERMISSIONS.read]: {
    list: leadScreen('list'),
    add: leadScreen('form'),
    'update/:id': leadScreen('form'),
    'detail/:id': leadScreen('detail'),
  },
};
