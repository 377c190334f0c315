// Quality: receipt and production inspections judged against basic configuration's characteristics,
// quality holds on raw bars, sampling plans, pass rates and control charts, and traceability from a
// heat number to the bundles made of it and back.
export * from './quality.menu.ts';
export * from './quality.errors.ts';
export * from './quality.notifications.ts';
export * from './quality.schema.ts';
export * from './evaluate-check.ts';
export * from './inspection-technique.ts';
export * from './weight-deviation.ts';
export * from './sampling.ts';
export * from './control-chart.ts';
export * from './quality.endpoints.ts';
