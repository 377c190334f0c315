import type { Area } from './core/area.ts';
import { accountArea } from './modules/account/index.ts';
import { bomArea } from './modules/bom/index.ts';
import { equipmentArea } from './modules/equipment/index.ts';
import { inboxArea } from './modules/inbox/index.ts';
import { masterDataArea } from './modules/master-data/index.ts';
import { messagesArea } from './modules/messages/index.ts';
import { planningArea } from './modules/planning/index.ts';
import { processingArea } from './modules/processing/index.ts';
import { qualityArea } from './modules/quality/index.ts';
import { salesArea } from './modules/sales/index.ts';
import { stockArea } from './modules/stock/index.ts';
import { telemetryArea } from './modules/telemetry/index.ts';
import { usersArea } from './modules/users/index.ts';
import { workbenchArea } from './modules/workbench/index.ts';

/** The business areas the app serves, in registration order. Adding an area starts here. */
export const AREAS: readonly Area[] = [
  accountArea,
  usersArea,
  masterDataArea,
  stockArea,
  planningArea,
  equipmentArea,
  telemetryArea,
  processingArea,
  qualityArea,
  bomArea,
  salesArea,
  inboxArea,
  messagesArea,
  workbenchArea,
];
