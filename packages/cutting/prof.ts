import { readInstanceFile } from './src/formats/instance-file.ts';
import { solveCuttingStock } from './src/solve.ts';
const out: string[] = [];
for (const f of process.argv.slice(2)) {
  const input = await readInstanceFile(f);
  for (let r = 0; r < 3; r++) {
    let cgEnd = 0, it = 0;
    const plan = await solveCuttingStock(input, { onProgress: (p) => { if (p.phase === 'integer' && !cgEnd) { cgEnd = p.elapsedMs; it = p.iteration; } } });
    out.push(`${f.split('/').pop()} obj ${plan.objective} cg ${cgEnd}ms/${it}it total ${plan.elapsedMs}`);
  }
}
console.log(out.join('\n'));
