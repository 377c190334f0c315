import { lazy } from 'react';
import type { Slots } from '../../components/feature-slots.tsx';

/** What the processing feature shows in other screens (the machine's), loaded with its chunk. */
export const processingSlots: Slots = {
  machineReplan: lazy(async () => ({ default: (await import('./replan-buttons.tsx')).ReplanMachineButton })),
};
