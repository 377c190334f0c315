import { generateRebarJob } from './bench/rebar-job-generator.ts';
import { solveCuttingStock } from './src/solve.ts';
const job = generateRebarJob(Number(process.argv[2] ?? 5));
const t0 = Date.now();
const plan = await solveCuttingStock(job.input, {
  onProgress: (p) => { if (p.phase !== 'column-generation') console.log(JSON.stringify(p)); },
  onPlan: (pl) => console.log('plan', pl.source, pl.objective, pl.lowerBound, pl.elapsedMs),
});
console.log('final', plan.status, plan.objective, plan.lowerBound, plan.source, plan.elapsedMs, plan.tail.length, plan.waste.length, job.input.demand.length);
