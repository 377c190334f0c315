/** `npm run -s cut -- FILE [--time-limit S]`: solves one instance file and prints the plan as one JSON object. */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readInstanceFile } from './formats/instance-file.ts';
import { CuttingInputError, DEFAULT_TIME_LIMIT_MS, type CuttingPlan } from './model.ts';
import { solveCuttingStock } from './solve.ts';

function summary(plan: CuttingPlan): object {
  return {
    status: plan.status,
    objective: plan.objective,
    lowerBound: plan.lowerBound,
    bars: plan.bars,
    cost: plan.cost,
    useRate: plan.useRate,
    wasteRate: plan.wasteRate,
    patterns: plan.patterns.map((p) => ({
      stockLength: p.stockLength,
      count: p.count,
      cuts: p.cuts.map((c) => ({ length: c.length, count: c.count })),
      offcut: p.offcut,
      offcutKind: p.offcutKind,
    })),
    unplaced: plan.unplaced.map((u) => ({ length: u.length, count: u.count, reason: u.reason })),
    elapsedMs: plan.elapsedMs,
  };
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { 'time-limit': { type: 'string' }, 'gap-tolerance': { type: 'string' } },
    allowPositionals: true,
  });
  const file = positionals[0];
  const seconds = values['time-limit'] === undefined ? DEFAULT_TIME_LIMIT_MS / 1000 : Number(values['time-limit']);
  const gap = values['gap-tolerance'] === undefined ? undefined : Number(values['gap-tolerance']);
  if (file === undefined || positionals.length > 1 || !(seconds > 0) || (gap !== undefined && !(gap >= 0))) {
    process.stderr.write('usage: npm run -s cut -- FILE [--time-limit SECONDS] [--gap-tolerance SHARE]\n');
    return 2;
  }
  // npm runs workspace scripts inside the package; INIT_CWD is where the user typed the command.
  const path = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  try {
    const input = await readInstanceFile(path);
    const options = {
      ...input.options,
      timeLimitMs: seconds * 1000,
      ...(gap === undefined ? {} : { gapTolerance: gap }),
    };
    const plan = await solveCuttingStock({ ...input, options });
    process.stdout.write(`${JSON.stringify(summary(plan))}\n`);
    return 0;
  } catch (error) {
    const message =
      error instanceof CuttingInputError || (error as NodeJS.ErrnoException).code === 'ENOENT'
        ? (error as Error).message
        : String(error);
    process.stderr.write(`cut: ${message}\n`);
    return 1;
  }
}

process.exitCode = await main();
