import type { PageScreens } from '../lib/lazy-screens.ts';
import type { Slots } from '../components/feature-slots.tsx';
import type { WebArea } from '../components/web-area.ts';

/**
 * Merges what each area registers under `part`. A key two areas register is an error at load: a page
 * or slot belongs to one area, so no registration order decides which screen shows.
 */
function mergeOwned<T>(areas: readonly WebArea[], part: (area: WebArea) => Readonly<Record<string, T>> | undefined) {
  const merged: Record<string, T> = {};
  const owners = new Map<string, string>();
  for (const area of areas) {
    for (const [key, value] of Object.entries(part(area) ?? {})) {
      const owner = owners.get(key);
      if (owner) throw new Error(`"${key}" is registered by both ${owner} and ${area.name}`);
      owners.set(key, area.name);
      merged[key] = value;
    }
  }
  return merged;
}

/** The screens that exist, by menu page id, from every area. */
export function assembleScreens(areas: readonly WebArea[]): Record<string, PageScreens> {
  return mergeOwned(areas, (area) => area.screens);
}

/** What fills each feature slot, from every area. */
export function assembleSlots(areas: readonly WebArea[]): Slots {
  return mergeOwned(areas, (area) => area.slots) as Slots;
}
