// Bills of materials: parts library, design, manufacturing and digital-twin BOMs, PLC tasks. Only
// its menu pages (and so its permission names) exist so far.
export * from './bom.menu.ts';
