import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Builds the web app and the server once for the run (each only when a source changed since its last build), before
 * any worker starts its server from them: workers starting at once would otherwise build into one folder together.
 * Makes the run's folder, where each worker's server keeps its database, and a copy of the built web app (servers.ts).
 */
export default function globalSetup() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error(`the build for the browser tests failed (${build.status})`);
  // Workers inherit the runner's environment, and they start after the global setup.
  const runDir = mkdtempSync(join(tmpdir(), 'armature-e2e-'));
  process.env.ARMATURE_E2E_RUN_DIR = runDir;
  // The servers serve the run's own copy of the web app (servers.ts): another run in the same checkout rebuilds
  // apps/web/dist when a source changed, which removes the chunks a running server's pages still ask for ("page
  // failed to load" halfway through a test).
  cpSync(join(root, 'apps/web/dist'), join(runDir, 'web'), { recursive: true });
}
