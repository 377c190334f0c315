import type { WebArea } from '../components/web-area.ts';
import { bomArea } from '../features/bom/index.ts';
import { deliveryArea } from '../features/delivery/index.ts';
import { equipmentArea } from '../features/equipment/index.ts';
import { masterDataArea } from '../features/master-data/index.ts';
import { planningArea } from '../features/planning/index.ts';
import { processingArea } from '../features/processing/index.ts';
import { qualityArea } from '../features/quality/index.ts';
import { salesArea } from '../features/sales/index.ts';
import { stockArea } from '../features/stock/index.ts';
import { usersArea } from '../features/users/index.ts';

/**
 * The areas whose screens sit on menu pages. Their order decides nothing: a page or slot two areas
 * register fails at load (`assemble-areas.ts`).
 */
export const WEB_AREAS: readonly WebArea[] = [
  masterDataArea,
  usersArea,
  stockArea,
  planningArea,
  equipmentArea,
  processingArea,
  deliveryArea,
  qualityArea,
  bomArea,
  salesArea,
];
