import { maintenanceVisitResource, salesLeadResource } from '@armature/domain';
import { tableOf } from '../../core/crud/resources.table.ts';

// Sales's resource tables, built by the generic crud from their definitions.
export const salesLeads = tableOf(salesLeadResource);
export const maintenanceVisits = tableOf(maintenanceVisitResource);
