import { Suspense, createContext, use, type ComponentType } from 'react';

/**
 * The places where a screen shows a part another feature owns (the receipt's inspections on the
 * receipt page, the due sample on the operator's phone), by name, with the props the host screen gives.
 * Features never import each other, so the host feature declares its slots by merging them into this
 * interface (`features/stock/stock.slots.ts`), the providing feature fills them in its `WebArea`, and a
 * screen renders what it finds — nothing when no feature fills the slot.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the host features add the slots
export interface SlotProps {}

export type Slots = { [K in keyof SlotProps]?: ComponentType<SlotProps[K]> };

export const SlotsContext = createContext<Slots>({});

/** Whether a feature fills the slot (a screen leaves out the tab or card that would hold it). */
export function useHasSlot(name: keyof SlotProps): boolean {
  return use(SlotsContext)[name] !== undefined;
}

/** Renders what fills the slot, loaded with its feature's chunk. */
export function Slot<K extends keyof SlotProps>({ name, props }: { name: K; props: SlotProps[K] }) {
  const Component = use(SlotsContext)[name] as ComponentType<SlotProps[K]> | undefined;
  if (!Component) return null;
  return (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
}
