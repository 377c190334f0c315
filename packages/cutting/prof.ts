import { readInstanceFile } from './src/formats/instance-file.ts';
import { solveCuttingStock } from './src/solve.ts';
const input = await readInstanceFile(process.argv[2]!);
for (let r = 0; r < 3; r++) {
  let last = Date.now(); const times: number[] = [];
  const plan = await solveCuttingStock(input, { onProgress: (p) => { if (p.phase === 'column-generation') { times.push(Date.now() - last); last = Date.now(); } } });
  console.log(plan.objective, plan.elapsedMs, times.length, times.reduce((a,b)=>a+b,0), Math.max(...times));
}
