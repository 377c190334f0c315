import { replanProposalSchema } from '@armature/domain';
import { answerOf, type injectorFor } from './inject.ts';

type Inject = ReturnType<typeof injectorFor>;
type Headers = Record<string, string>;

/**
 * Moves tasks to a machine the way the task list does: the re-plan's preview, then its apply with the
 * preview's stamp. Answers the apply's response, or the preview's when the preview was refused.
 */
export async function moveTasks(inject: Inject, headers: Headers, taskIds: readonly string[], equipmentId: string) {
  const request = { kind: 'move', taskIds, equipmentId };
  const preview = await inject('POST', 'task/replan/preview', headers, request);
  if (preview.statusCode !== 200) return preview;
  const { stamp } = answerOf(preview, replanProposalSchema);
  return inject('POST', 'task/replan/apply', headers, { ...request, stamp });
}
