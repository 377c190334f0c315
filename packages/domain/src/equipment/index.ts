// Machines of the plants, seen by the maker (admin) and by the plant (normal). Only its menu pages
// (and so its permission names) exist so far.
export * from './equipment.menu.ts';
