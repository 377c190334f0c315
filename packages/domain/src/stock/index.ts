export * from './stock-kinds.ts';
export * from './stock-weight.ts';
export * from './stock.schema.ts';
export * from './purchase-list.schema.ts';
export * from './stock-move-rules.ts';
export * from './stock.menu.ts';
export * from './stock.errors.ts';
export * from './stock.notifications.ts';
