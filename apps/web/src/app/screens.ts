import type { PageScreens } from '../lib/lazy-screens.ts';
import { bomScreens } from '../features/bom/index.ts';
import { deliveryScreens } from '../features/delivery/index.ts';
import { equipmentScreens } from '../features/equipment/index.ts';
import { masterDataScreens } from '../features/master-data/index.ts';
import { planningScreens } from '../features/planning/index.ts';
import { processingScreens } from '../features/processing/index.ts';
import { qualityScreens } from '../features/quality/index.ts';
import { salesScreens } from '../features/sales/index.ts';
import { stockScreens } from '../features/stock/index.ts';
import { usersScreens } from '../features/users/index.ts';

export type { PageScreens, ScreenModule } from '../lib/lazy-screens.ts';

/**
 * The screens that exist, by menu page id. A page of the server's menu tree with no entry here is
 * hidden from the web menu (never a placeholder page); the router builds lazy routes from this map:
 * `list` at the page url, each sub-route (`add`, `update/:id`, `detail/:id`, `children/:id`) below it.
 */
export const SCREENS: Record<string, PageScreens> = {
  ...masterDataScreens,
  ...usersScreens,
  ...stockScreens,
  ...planningScreens,
  ...equipmentScreens,
  ...processingScreens,
  ...deliveryScreens,
  ...qualityScreens,
  // After master data: the parts library is a resource whose detail page is the BOM centre's own.
  ...bomScreens,
  // After master data too: the sales leads are a resource with a conversion of their own.
  ...salesScreens,
};
