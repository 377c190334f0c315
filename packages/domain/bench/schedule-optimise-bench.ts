/**
 * `npm run bench:schedule` (second part): the optimiser against the list schedule. On the first part's
 * 2,000-job week and on 20 generated weeks of tighter due dates (seeds 101–120, 700 jobs and 60 orders
 * each, due on the first to the fourth day, so that lateness exists), prints per week the list
 * schedule's and the optimiser's order-days late, changeovers and makespan, a lower bound, and the
 * time. Goal: on the generated weeks, total lateness at least 30 % below the list schedule's, within
 * 10 s per week. `--time <ms>` sets the optimiser's time limit (default 8,000), `--weeks <n>` how many
 * generated weeks (default 20). Prints; never writes the docs.
 */
import {
  autoSchedule,
  evaluateSchedule,
  optimiseSchedule,
  scheduleInputSchema,
  scheduleLowerBound,
  type ScheduleCost,
} from '../src/processing/index.ts';
import { generateInput, type WeekShape } from './schedule-plant.ts';

const GOAL_REDUCTION = 0.3;
const GOAL_MS = 10_000;
const TIGHT_WEEK: WeekShape = { jobs: 1100, orders: 80, dueFrom: 0, dueTo: 3, undatedShare: 0 };

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? Number(process.argv[at + 1]) : fallback;
};
const timeLimitMs = argument('--time', 8000);
const weeks = argument('--weeks', 20);

type Row = {
  name: string;
  list: ScheduleCost;
  best: ScheduleCost;
  bound: number;
  ms: number;
  tries: number;
  problems: number;
};

function run(name: string, raw: unknown): Row {
  const started = performance.now();
  const input = scheduleInputSchema.parse(raw);
  const outcome = optimiseSchedule(input, { timeLimitMs });
  const ms = performance.now() - started;
  const problems = evaluateSchedule(input, outcome.result.slots).problems.length;
  const bound = scheduleLowerBound(input, autoSchedule(input)).lateness;
  return { name, list: outcome.before, best: outcome.after, bound, ms, tries: outcome.evaluations, problems };
}

const hours = (from: number, to: number) => ((to - from) / 3_600_000).toFixed(0);
const figures = (cost: ScheduleCost, from: number) =>
  `${cost.lateness} / ${cost.unscheduled} / ${cost.changeovers} / ${hours(from, cost.makespan)} h`;

const firstInstant = Date.parse('2026-11-23T00:00:00+08:00');
const rows: Row[] = [run('2,000-job week (seed 1)', generateInput(1))];
for (let w = 0; w < weeks; w++) rows.push(run(`tight week ${101 + w}`, generateInput(101 + w, TIGHT_WEEK)));

console.log(`## Optimiser (time limit ${timeLimitMs} ms; the load average: run uptime beside it)`);
console.log('');
console.log(
  '| week | list: order-days late / unplaced jobs / changeovers / makespan | optimiser: same | lower bound on lateness | lateness change | time | problems |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const row of rows) {
  const change =
    row.list.lateness === 0
      ? '—'
      : `${((100 * (row.best.lateness - row.list.lateness)) / row.list.lateness).toFixed(1)} %`;
  console.log(
    `| ${row.name} | ${figures(row.list, firstInstant)} | ${figures(row.best, firstInstant)} | ${row.bound} | ${change} | ${(row.ms / 1000).toFixed(1)} s (${row.tries} tries) | ${row.problems} |`,
  );
}
const generated = rows.slice(1);
const sum = (pick: (row: Row) => number) => generated.reduce((total, row) => total + pick(row), 0);
const reduction = 1 - sum((row) => row.best.lateness) / sum((row) => row.list.lateness);
const slowest = Math.max(...generated.map((row) => row.ms));
console.log('');
console.log(
  `Generated weeks: lateness ${sum((row) => row.list.lateness)} → ${sum((row) => row.best.lateness)} order-days (${(100 * reduction).toFixed(1)} % less; goal ≥ ${100 * GOAL_REDUCTION} %: ${reduction >= GOAL_REDUCTION ? 'met' : 'missed'}), lower bound ${sum((row) => row.bound)}; changeovers ${sum((row) => row.list.changeovers)} → ${sum((row) => row.best.changeovers)}; slowest ${(slowest / 1000).toFixed(1)} s (goal ≤ ${GOAL_MS / 1000} s: ${slowest <= GOAL_MS ? 'met' : 'missed'}).`,
);
