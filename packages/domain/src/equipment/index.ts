// Machines of the plants, seen by the maker (admin) and by the plant (normal), their MQTT telemetry
// and the digital twin built from it: state history, counters, alarms and OEE.
export * from './equipment.menu.ts';
export * from './equipment.errors.ts';
export * from './equipment-status.ts';
export * from './plant-time.ts';
export * from './machine-label.ts';
export * from './shift-calendar.ts';
export * from './changeover.ts';
export * from './telemetry.ts';
export * from './telemetry-ingest.ts';
export * from './oee.ts';
export * from './equipment.schema.ts';
export * from './digital-twin.schema.ts';
export * from './twin-view.ts';
export * from './twin-figures.ts';
export * from './equipment.endpoints.ts';
