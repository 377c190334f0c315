import type { TechniqueStage } from '../master-data/index.ts';

/** What a check's characteristic says about where it may be used: its technique and that technique's stage. */
export type InspectedCharacteristic = {
  code: string;
  techniqueId: string | null;
  /** The stage of the characteristic's technique; undefined without a technique. */
  stage: TechniqueStage | undefined;
};

/** What is inspected: a receipt's bars, or a piece of a task doing `taskTechniqueId`. */
export type InspectedSubject = { stage: 'receipt' } | { stage: 'production'; taskTechniqueId: string };

export type InspectionTechnique =
  | { ok: true; techniqueId: string }
  /** The check at `index` is of another technique than the task's, or of the other stage. */
  | { ok: false; problem: 'taskTechnique' | 'wrongStage'; index: number; code: string }
  /** The checks span several techniques, or their characteristic has none. */
  | { ok: false; problem: 'oneTechnique' };

/**
 * The technique an inspection records, from its checks' characteristics. A receipt is checked against
 * receiving techniques, a piece against its task's technique; the first check that does not fit is
 * named (for a piece, a technique other than the task's is said before the stage, the sharper message).
 * One inspection is of one technique.
 */
export function inspectionTechnique(
  characteristics: readonly InspectedCharacteristic[],
  subject: InspectedSubject,
): InspectionTechnique {
  for (const [index, characteristic] of characteristics.entries()) {
    if (subject.stage === 'production' && characteristic.techniqueId !== subject.taskTechniqueId)
      return { ok: false, problem: 'taskTechnique', index, code: characteristic.code };
    if (characteristic.stage !== subject.stage)
      return { ok: false, problem: 'wrongStage', index, code: characteristic.code };
  }
  const techniqueIds = new Set(characteristics.map((characteristic) => characteristic.techniqueId));
  const [techniqueId] = techniqueIds;
  if (techniqueIds.size !== 1 || !techniqueId) return { ok: false, problem: 'oneTechnique' };
  return { ok: true, techniqueId };
}
