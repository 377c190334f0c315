#!/usr/bin/env node
// Schema drift: generating migrations from the tables (`*.table.ts`) must yield nothing new, i.e. the
// committed migrations already describe the schema. Runs drizzle-kit on a scratch copy of apps/api/drizzle.
import { spawnSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const api = fileURLToPath(new URL('../apps/api/', import.meta.url));
// drizzle-kit takes `out` relative to its working directory.
const scratch = 'node_modules/.cache/schema-drift';
rmSync(api + scratch, { recursive: true, force: true });
cpSync(api + 'drizzle', api + scratch, { recursive: true });
const committed = new Set(readdirSync(api + scratch));

const run = spawnSync('npx', ['drizzle-kit', 'generate'], {
  cwd: api,
  env: { ...process.env, DRIZZLE_OUT: `./${scratch}` },
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe'],
});
const added = readdirSync(api + scratch).filter((name) => !committed.has(name));
rmSync(api + scratch, { recursive: true, force: true });

if (run.status !== 0) {
  console.error(run.stdout, run.stderr);
  console.error('Schema drift check: drizzle-kit generate failed.');
  process.exit(1);
}
if (added.length) {
  console.error(
    `Schema drift: the tables differ from the committed migrations (drizzle-kit would write ${added.join(', ')}).\n` +
      'Run `npm run db:generate`, review the new migration, then `npm run db:release` and commit both.',
  );
  process.exit(1);
}
console.log('Schema drift check: the committed migrations match the tables.');
