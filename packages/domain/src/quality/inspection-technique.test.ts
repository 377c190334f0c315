import { describe, expect, it } from 'vitest';
import { inspectionTechnique, type InspectedCharacteristic } from './inspection-technique.ts';

const RECEIVING = 'technique-receiving';
const CUTTING = 'technique-cutting';
const BENDING = 'technique-bending';
const of = (code: string, techniqueId: string | null): InspectedCharacteristic => ({
  code,
  techniqueId,
  stage: techniqueId === null ? undefined : techniqueId === RECEIVING ? 'receipt' : 'production',
});

describe('inspectionTechnique', () => {
  it('is the one technique of a receipt’s checks, all of a receiving technique', () => {
    expect(inspectionTechnique([of('RC-D', RECEIVING), of('RC-W', RECEIVING)], { stage: 'receipt' })).toEqual({
      ok: true,
      techniqueId: RECEIVING,
    });
  });

  it('refuses a production characteristic on a receipt, naming the first', () => {
    expect(inspectionTechnique([of('RC-D', RECEIVING), of('CUT-L', CUTTING)], { stage: 'receipt' })).toEqual({
      ok: false,
      problem: 'wrongStage',
      index: 1,
      code: 'CUT-L',
    });
  });

  it('checks a piece against its task’s technique before the stage', () => {
    const piece = { stage: 'production', taskTechniqueId: CUTTING } as const;
    expect(inspectionTechnique([of('CUT-L', CUTTING)], piece)).toEqual({ ok: true, techniqueId: CUTTING });
    expect(inspectionTechnique([of('CUT-L', CUTTING), of('BND-A', BENDING)], piece)).toEqual({
      ok: false,
      problem: 'taskTechnique',
      index: 1,
      code: 'BND-A',
    });
    expect(inspectionTechnique([of('RC-D', RECEIVING)], piece)).toMatchObject({ problem: 'taskTechnique', index: 0 });
  });

  it('takes one technique per inspection; a characteristic without a technique has none', () => {
    const receiving = (code: string, techniqueId: string | null): InspectedCharacteristic => ({
      code,
      techniqueId,
      stage: 'receipt',
    });
    expect(
      inspectionTechnique([receiving('A', 'receiving-a'), receiving('B', 'receiving-b')], { stage: 'receipt' }),
    ).toEqual({ ok: false, problem: 'oneTechnique' });
    expect(inspectionTechnique([receiving('X', null)], { stage: 'receipt' })).toEqual({
      ok: false,
      problem: 'oneTechnique',
    });
    expect(inspectionTechnique([of('X', null)], { stage: 'receipt' })).toMatchObject({ problem: 'wrongStage' });
  });
});
