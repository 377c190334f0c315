import { Suspense, createContext, use, type ComponentType } from 'react';
import type { RebarReceive, ReceiptQualityStatus, Task } from '@armature/domain';

/**
 * The places where a screen shows a part another feature owns (the receipt's inspections on the
 * receipt page, the due sample on the operator's phone). Features never import each other, so the
 * app fills the slots from the features' index and a screen renders what it finds — nothing when no
 * feature fills the slot.
 */
export type SlotProps = {
  /** A receipt's quality status (list and detail). */
  receiptQualityStatus: { status: ReceiptQualityStatus };
  /** Receipt detail, beside its buttons: inspect, release the hold, return to the supplier. */
  receiptActions: { receipt: RebarReceive };
  /** Receipt detail, a tab: the receipt's inspection records. */
  receiptInspections: { receiptId: string };
  /** Receipt detail, a tab: the mill certificates. */
  receiptCertificates: { receipt: RebarReceive };
  /** Task detail: the task's inspection records. */
  taskInspections: { taskId: string };
  /** Operator's phone, in a task's card: the sample due now. */
  operatorInspection: { task: Task };
};

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
