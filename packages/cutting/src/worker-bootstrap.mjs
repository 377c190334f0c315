// Node 20 cannot load TypeScript by itself and ignores `--import tsx` in a worker's execArgv, so the worker
// registers tsx first (a no-op cost when the parent already runs under tsx or vitest) and then loads the solver.
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
