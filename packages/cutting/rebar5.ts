import { generateRebarJob } from '/work/main/packages/cutting/bench/rebar-job-generator.ts';
import { solveCuttingStock } from '/work/main/packages/cutting/src/solve.ts';
const job = generateRebarJob(Number(process.argv[2] ?? 5));
console.log(job.input.stock, job.input.demand.length);
const plan = await solveCuttingStock(job.input, {
  onProgress: (p) => { if (p.phase !== 'column-generation' || p.iteration % 100 === 0) console.log(JSON.stringify(p)); },
  onPlan: (pl) => console.log('plan', pl.source, pl.objective, pl.lowerBound, pl.elapsedMs),
});
console.log('final', plan.status, plan.objective, plan.lowerBound, plan.source, plan.elapsedMs, plan.tail, plan.waste);
