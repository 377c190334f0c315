import { readInstanceFile } from '/work/main/packages/cutting/src/formats/instance-file.ts';
import { solveCuttingStock } from '/work/main/packages/cutting/src/solve.ts';
const input = await readInstanceFile(process.argv[2]!);
const t = Number(process.argv[3] ?? 10);
const plan = await solveCuttingStock({ ...input, options: { ...input.options, timeLimitMs: t * 1000 } }, {
  onProgress: (p) => { if (p.phase !== 'column-generation' || p.iteration % 50 === 0) console.log(JSON.stringify(p)); },
  onPlan: (pl) => console.log('plan', pl.source, pl.objective, pl.lowerBound, pl.elapsedMs),
});
console.log('final', plan.status, plan.objective, plan.lowerBound, plan.source, plan.elapsedMs);
