/** The bench README's JSON instance format (several stock lengths, costs, availability, kerf, waste threshold). */
import { CuttingInputError, type CuttingInput, type Objective } from '../model.ts';

interface JsonInstance {
  objective?: 'min_bins' | 'min_cost';
  stock?: { id?: string; length: number; cost?: number; available?: number | null; kind?: 'bar' | 'tail' }[];
  items?: { label?: string; length: number; demand: number }[];
  kerf?: number;
  endTrim?: number;
  wasteLength?: number;
  kgPerMeter?: number;
}

export function parseJsonInstance(text: string): CuttingInput {
  let raw: JsonInstance;
  try {
    raw = JSON.parse(text) as JsonInstance;
  } catch (error) {
    throw new CuttingInputError([`JSON: ${(error as Error).message}`]);
  }
  if (typeof raw !== 'object' || raw === null || !Array.isArray(raw.stock) || !Array.isArray(raw.items)) {
    throw new CuttingInputError(['JSON: expected an object with "stock" and "items" arrays']);
  }
  const objective: Objective = raw.objective === 'min_cost' ? 'min_cost' : 'min_bars';
  return {
    stock: raw.stock.map((s, i) => ({
      id: s.id ?? String(i),
      length: s.length,
      cost: s.cost ?? 1,
      available: s.available ?? null,
      kind: s.kind ?? 'bar',
    })),
    demand: raw.items.map((it, i) => ({ ref: it.label ?? `item${i + 1}`, length: it.length, quantity: it.demand })),
    options: {
      objective,
      ...(raw.kerf !== undefined && { kerf: raw.kerf }),
      ...(raw.endTrim !== undefined && { endTrim: raw.endTrim }),
      ...(raw.wasteLength !== undefined && { wasteLength: raw.wasteLength }),
      ...(raw.kgPerMeter !== undefined && { kgPerMeter: raw.kgPerMeter }),
    },
  };
}
