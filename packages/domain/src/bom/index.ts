// Bills of materials, the equipment maker's own data: the parts library, versioned design BOM trees,
// manufacturing and digital-twin BOMs derived from them, and PLC task templates per equipment model.
export * from './bom.menu.ts';
export * from './bom.errors.ts';
export { bomQuantitySchema } from './bom-fields.ts';
export * from './bom.schema.ts';
export * from './bom-import.schema.ts';
export * from './make-bom.schema.ts';
export * from './twin-bom.schema.ts';
export * from './plc-task.schema.ts';
export * from './spare-part.resource.ts';
export * from './plc-command.ts';
export * from './bom-tree.ts';
export * from './bom-import.ts';
export * from './bom-compare.ts';
export * from './bom.endpoints.ts';
