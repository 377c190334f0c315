import { describe, expect, it } from 'vitest';
import { machineStorageKey, rememberedMachine } from './operator-machine.ts';

const storage = (entries: Record<string, string>) => ({ getItem: (key: string) => entries[key] ?? null });

describe('rememberedMachine', () => {
  it('gives back the machine the user chose, while the line still has it', () => {
    const store = storage({ [machineStorageKey('u1')]: 'm2' });
    expect(rememberedMachine(store, 'u1', ['m1', 'm2'])).toBe('m2');
    expect(rememberedMachine(store, 'u1', ['m1'])).toBeUndefined();
  });

  it('keeps each user’s choice apart', () => {
    const store = storage({ [machineStorageKey('u1')]: 'm2' });
    expect(rememberedMachine(store, 'u2', ['m1', 'm2'])).toBeUndefined();
    expect(rememberedMachine(store, undefined, ['m1', 'm2'])).toBeUndefined();
  });
});
