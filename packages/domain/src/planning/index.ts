// Production planning: demand orders (bar bending schedules), then optimal cutting plans (the daily
// schedules made from them are processing's).
export * from './planning.menu.ts';
export * from './planning.errors.ts';
export * from './planning.notifications.ts';
export * from './demand-order-status.ts';
export * from './demand-import-problems.ts';
export * from './demand-columns.ts';
export * from './demand-order.schema.ts';
export * from './bar-shape.ts';
export * from './bvbs.ts';
export * from './demand-import.ts';
export * from './demand-import-bvbs.ts';
export * from './demand-import-sheet.ts';
export * from './demand-line.ts';
export * from './demand-export.ts';
export * from './demand-template.ts';
export * from './cut-plan-status.ts';
export * from './cut-plan.schema.ts';
export * from './cut-plan-patterns.ts';
export * from './cut-plan-totals.ts';
export * from './cut-plan-check.ts';
export * from './cut-plan-diagram.ts';
export * from './cut-plan-compare.ts';
export * from './cut-plan-lines.ts';
export * from './cut-plan-reservations.ts';
export * from './cut-plan-purchases.ts';
export * from './planning.endpoints.ts';
