import { describe, expect, it } from 'vitest';
import {
  alarmPayloadSchema,
  countersPayloadSchema,
  statePayloadSchema,
  type CountersPayload,
  type OperationStatus,
} from '@armature/domain';
import { seededRandom } from '@armature/domain';
import { MachineModel, type Publication } from './machine-model.ts';

const SCHEMAS = { state: statePayloadSchema, counters: countersPayloadSchema, alarm: alarmPayloadSchema };

/** Plays a machine for `seconds` one second at a time: every publication, and the state each second was spent in. */
function play(model: MachineModel, seconds: number) {
  const start = Date.UTC(2026, 10, 23, 8);
  const publications: Publication[] = model.startPublications(new Date(start));
  const spent: OperationStatus[] = [];
  for (let second = 1; second <= seconds; second++) {
    spent.push(model.state);
    publications.push(...model.step(1, new Date(start + second * 1000)));
  }
  return { publications, spent };
}

const countersOf = (publications: Publication[]) =>
  publications.filter((p) => p.channel === 'counters').map((p) => p.payload as CountersPayload);

describe('simulated machine', () => {
  it('sends only payloads the ingest accepts, the state retained', () => {
    const { publications } = play(new MachineModel('GJW16-2403-0117', 240, seededRandom(1)), 4 * 3600);
    for (const publication of publications) {
      expect(SCHEMAS[publication.channel].safeParse(publication.payload).success, JSON.stringify(publication)).toBe(
        true,
      );
      expect(publication.retain).toBe(publication.channel === 'state');
    }
  });

  it('counts pieces only while running, near its ideal rate, with a little scrap', () => {
    const model = new MachineModel('WG12D-2405-0342', 1200, seededRandom(7));
    const { publications, spent } = play(model, 4 * 3600);
    const counters = countersOf(publications);
    // Counters never go back, and grow only over a second spent running.
    for (let i = 1; i < counters.length; i++) {
      expect(counters[i]!.pieces).toBeGreaterThanOrEqual(counters[i - 1]!.pieces);
      if (spent[i - 1] !== 'running') expect(counters[i]!.pieces).toBe(counters[i - 1]!.pieces);
    }
    const last = counters.at(-1)!;
    expect(last.good + last.scrap).toBe(last.pieces);
    expect(last.scrap / last.pieces).toBeGreaterThan(0.005);
    expect(last.scrap / last.pieces).toBeLessThan(0.05);
    // 85–100 % of the ideal rate over the hours it ran.
    const runHours = spent.filter((state) => state === 'running').length / 3600;
    expect(last.pieces / runHours).toBeGreaterThan(0.84 * 1200);
    expect(last.pieces / runHours).toBeLessThanOrEqual(1200);
    // Over four hours it also stopped: changeovers, and faults with their alarm raised then cleared.
    expect(new Set(spent)).toContain('idle');
    const alarms = publications.filter((p) => p.channel === 'alarm');
    expect(alarms.some((p) => p.payload.active)).toBe(true);
    expect(alarms.some((p) => !p.payload.active)).toBe(true);
  });

  it('repeats a run from the same seed', () => {
    const a = play(new MachineModel('G2L32-2402-0058', 180, seededRandom(42)), 3600);
    const b = play(new MachineModel('G2L32-2402-0058', 180, seededRandom(42)), 3600);
    expect(b.publications).toEqual(a.publications);
    const c = play(new MachineModel('G2L32-2402-0058', 180, seededRandom(43)), 3600);
    expect(c.publications).not.toEqual(a.publications);
  });

  it('holds a machine put into fault, its alarm active from the start', () => {
    const model = new MachineModel('HGS40-2406-0211', 120, seededRandom(3), true);
    const { publications, spent } = play(model, 3600);
    const [first, second] = publications;
    expect(first).toMatchObject({ channel: 'alarm', payload: { active: true } });
    expect(second).toMatchObject({ channel: 'state', payload: { state: 'fault' }, retain: true });
    expect(new Set(spent)).toEqual(new Set(['fault']));
    expect(countersOf(publications).at(-1)!.pieces).toBe(0);
  });
});
