import { renderPlcCommand } from '../bom/index.ts';
import type { PlcParameter } from '../bom/index.ts';
import { bvbsRecord } from '../planning/index.ts';
import type { MachineJob } from './machine-job.ts';
import type { Task } from './task.schema.ts';

/** What a job needs of a task: its row as the task list shows it (pattern, outputs with marks and shapes). */
export type JobTask = Pick<Task, 'id' | 'code' | 'kind' | 'grade' | 'diameter' | 'repetitions' | 'pattern' | 'outputs'>;

/** A PLC task template of the machine's model (BOM centre → PLC tasks). */
export type JobPlcTemplate = { code: string; command: string; parameters: readonly PlcParameter[] };

/**
 * The values a PLC template may refer to, by the names a template author uses (`{length}`, `{count}`…):
 * only those the template declares are passed, so a template with fewer parameters still renders.
 */
function plcValues(task: JobTask, work: MachineJob['work']): Record<string, number | string> {
  const first = work.kind === 'cut' ? work.cuts[0] : task.outputs[0];
  return {
    code: task.code,
    grade: task.grade,
    diameter: task.diameter,
    repetitions: task.repetitions,
    count: task.repetitions,
    length: first?.length ?? 0,
    ...(work.kind === 'cut'
      ? { stockLength: work.stock.length, pieces: work.cuts.reduce((sum, cut) => sum + cut.count, 0) }
      : { pieces: work.pieces, ...(work.mandrel === null ? {} : { mandrel: work.mandrel }) }),
  };
}

/**
 * The machine's command from its template, or null when the model has none or the job cannot fill it (a
 * required parameter the job has no value for, a value out of the template's range): the job is still
 * sent, the machine then works from the job's own fields.
 */
export function renderJobPlc(template: JobPlcTemplate | null, task: JobTask, work: MachineJob['work']) {
  if (!template) return null;
  const values = plcValues(task, work);
  const declared = Object.fromEntries(
    template.parameters.filter((parameter) => parameter.name in values).map((p) => [p.name, values[p.name]!]),
  );
  const rendered = renderPlcCommand(template.command, template.parameters, declared);
  return rendered.ok ? { template: template.code, command: rendered.command } : null;
}

/** What the machine makes: a cut task's bar and cuts (marks from its outputs), a bend task's BVBS shape. */
export function jobWork(task: JobTask): MachineJob['work'] {
  if (task.kind === 'cut') {
    const pattern = task.pattern;
    if (!pattern) throw new Error(`cut task ${task.code} has no pattern`);
    const marks = new Map(task.outputs.map((output) => [output.orderLineId, output.mark]));
    return {
      kind: 'cut',
      stock: { length: pattern.stockLength, source: pattern.source, heatNo: pattern.heatNo },
      cuts: pattern.cuts.map((cut) => ({
        length: cut.length,
        count: cut.count,
        mark: marks.get(cut.orderLineId) ?? '',
        orderLineId: cut.orderLineId,
      })),
      repetitions: task.repetitions,
      remainder: { length: pattern.offcut, action: pattern.offcutKind === 'tail' ? 'keep' : 'scrap' },
    };
  }
  return {
    kind: 'bend',
    bvbs: task.outputs.map((output) =>
      bvbsRecord({
        project: output.project,
        drawing: null,
        mark: output.mark,
        length: output.length,
        quantity: output.pieces,
        weightPerPiece: null,
        diameter: task.diameter,
        grade: task.grade,
        mandrel: output.mandrel,
        legs: output.geometry.length > 1 ? output.geometry : [],
        coupler: false,
        privateBlock: null,
      }),
    ),
    pieces: task.repetitions,
    mandrel: task.outputs.find((output) => output.mandrel !== null)?.mandrel ?? null,
  };
}

/** The `job` message of a dispatched task. */
export function machineJobOf(
  task: JobTask,
  seq: number,
  template: JobPlcTemplate | null,
  issuedAt: string,
): MachineJob {
  const work = jobWork(task);
  return {
    type: 'job',
    taskId: task.id,
    seq,
    code: task.code,
    grade: task.grade,
    diameter: task.diameter,
    work,
    plc: renderJobPlc(template, task, work),
    issuedAt,
  };
}
