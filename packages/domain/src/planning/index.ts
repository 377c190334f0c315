// Production planning: demand orders, optimal cutting plans, daily schedules. Only its menu pages
// (and so its permission names) exist so far.
export * from './planning.menu.ts';
