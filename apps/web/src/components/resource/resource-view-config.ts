import type { Resource } from '@armature/domain';
import type { ResourceItem } from './resource-endpoint.ts';

/** The few per-resource choices a definition does not make; most resources need none of them. */
export type ResourceViewConfig = {
  /** List columns in this order (field names and `creationTime`); default: every field not `hiddenInList`, then `creationTime`. */
  columns?: readonly string[];
  /** Columns hidden until the user shows them with the column chooser. */
  hiddenColumns?: readonly string[];
  /** Form fields spanning the whole row (multi-line texts always do). */
  wideFields?: readonly string[];
  /** The choices an enum field offers on the form, given the record edited (none when adding). */
  choices?: Record<string, (record: ResourceItem | undefined) => readonly string[]>;
};

export const CREATION_TIME = 'creationTime';

/** The list's columns, in order: the configured ones, else every listed field and the creation time. */
export function listColumnNames(resource: Resource, view: ResourceViewConfig): string[] {
  if (view.columns) return [...view.columns];
  const fields = Object.entries(resource.fields).filter(([, field]) => !field.hiddenInList);
  return [...fields.map(([name]) => name), CREATION_TIME];
}
