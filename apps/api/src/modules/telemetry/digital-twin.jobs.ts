import { sql } from 'drizzle-orm';
import { TWIN_QUEUE_SHOWN, cardJobs, type CardJobRow, type TwinJob, type TwinQueue } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { toIso } from '../../core/db/time.ts';
import { machineJobs, taskEvents, tasks } from '../processing/index.ts';

export type CardJobs = { job: TwinJob | null; queue: TwinQueue };

const NONE: CardJobs = { job: null, queue: { items: [], count: 0 } };

type Row = {
  kind: 'open' | 'rejected';
  equipment_id: string;
  task_id: string;
  seq: number | string;
  state: CardJobRow['state'];
  good: number;
  scrap: number;
  state_at: string | Date | null;
  payload: CardJobRow['payload'];
  open_count: number | string | null;
  reason: { code?: unknown; text?: unknown } | null;
};

/**
 * The jobs of a line's machines for their twin cards, in one statement whatever the number of machines
 * (the board reads it once per refresh): per machine its open jobs — sent, accepted, started or paused,
 * not withdrawn, of a task still dispatched, running or paused, so a task completed or cancelled by hand
 * takes its job off the card — the running ones and then the lowest sequences first, only as many as the
 * card lists, with their count; and the job it last rejected whose task still waits (pending, on this
 * machine) with the machine's reason from the task's history. It walks from the machines' live tasks
 * (`task_equipment_status_idx`) to their jobs (`machine_job_task_idx`): ended work is never read.
 */
export async function readCardJobs(
  db: Db | Tx,
  productId: string,
  equipmentIds: readonly string[],
): Promise<Map<string, CardJobs>> {
  const byMachine = new Map<string, CardJobs>();
  if (!equipmentIds.length) return byMachine;
  const machines = sql.join(
    equipmentIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const { rows } = (await db.execute(sql`
    with open_jobs as (
      select j.equipment_id, j.task_id, j.seq, j.state, j.good, j.scrap, j.state_at, j.payload,
             row_number() over (partition by j.equipment_id
                                order by j.state in ('started', 'paused') desc, j.seq) as rank,
             count(*) over (partition by j.equipment_id) as open_count
      from ${tasks} t
      join ${machineJobs} j on j.task_id = t.id and j.equipment_id = t.equipment_id
      where t.product_id = ${productId} and t.equipment_id in (${machines})
        and t.status in ('dispatched', 'running', 'paused')
        and j.product_id = ${productId} and j.withdrawn_at is null
        and j.state in ('sent', 'accepted', 'started', 'paused')
    ), rejected as (
      select distinct on (t.equipment_id)
             j.equipment_id, j.task_id, j.seq, j.state, j.good, j.scrap, j.state_at, j.payload, e.data as reason
      from ${tasks} t
      join ${machineJobs} j on j.task_id = t.id and j.equipment_id = t.equipment_id
      left join lateral (
        select ev.data from ${taskEvents} ev
        where ev.task_id = t.id and ev.action = 'telemetry' and ev.data ->> 'job' = 'rejected'
        order by ev.seq desc limit 1
      ) e on true
      where t.product_id = ${productId} and t.equipment_id in (${machines}) and t.status = 'pending'
        and j.product_id = ${productId} and j.state = 'rejected'
      order by t.equipment_id, j.seq desc
    )
    select 'open' as kind, equipment_id, task_id, seq, state, good, scrap, state_at, payload, open_count,
           null::jsonb as reason
    from open_jobs where rank <= ${TWIN_QUEUE_SHOWN + 1}
    union all
    select 'rejected', equipment_id, task_id, seq, state, good, scrap, state_at, payload, null, reason
    from rejected`)) as unknown as { rows: Row[] };

  const open = new Map<string, CardJobRow[]>();
  const openCount = new Map<string, number>();
  const rejected = new Map<string, CardJobRow>();
  for (const row of rows) {
    const job = cardJobRow(row);
    if (row.kind === 'rejected') rejected.set(row.equipment_id, job);
    else {
      open.set(row.equipment_id, [...(open.get(row.equipment_id) ?? []), job]);
      openCount.set(row.equipment_id, Number(row.open_count));
    }
  }
  for (const id of equipmentIds)
    byMachine.set(
      id,
      open.has(id) || rejected.has(id)
        ? cardJobs(open.get(id) ?? [], openCount.get(id) ?? 0, rejected.get(id) ?? null)
        : NONE,
    );
  return byMachine;
}

function cardJobRow(row: Row): CardJobRow {
  const { code, text } = row.reason ?? {};
  return {
    taskId: row.task_id,
    seq: Number(row.seq),
    state: row.state,
    good: Number(row.good),
    scrap: Number(row.scrap),
    stateAt: row.state_at === null ? null : toIso(new Date(row.state_at).toISOString()),
    payload: row.payload,
    rejection: row.reason
      ? { code: typeof code === 'string' ? code : '', text: typeof text === 'string' ? text : '' }
      : null,
  };
}
