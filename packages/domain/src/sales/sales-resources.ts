import { maintenanceVisitResource } from './maintenance-visit.resource.ts';
import { salesLeadResource } from './sales-lead.resource.ts';

/** The area's resources; they refer to the master data and the parts library, so they come after them. */
export const SALES_RESOURCES = [salesLeadResource, maintenanceVisitResource] as const;
