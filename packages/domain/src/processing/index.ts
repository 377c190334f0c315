// Shop-floor processing: machine tasks and the digital-twin overview. Only its menu pages (and so
// its permission names) exist so far.
export * from './processing.menu.ts';
