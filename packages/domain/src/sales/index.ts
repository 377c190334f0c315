// The maker's sales and service: sales leads (销售线索) with their status workflow and conversion into a
// client, and client maintenance visits to the machines it sold.
export * from './sales.menu.ts';
export * from './sales-lead-status.ts';
export * from './sales.errors.ts';
export * from './sales-lead.resource.ts';
export * from './maintenance-visit.resource.ts';
export * from './sales-resources.ts';
export * from './sales.endpoints.ts';
