// The web app's build, shared by `npm start` and `npm run cluster`: rebuilt only when its sources
// changed since the last build, so a restart costs no build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const builtIndex = join(root, 'apps/web/dist/index.html');
const webInputs = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/public',
  'packages/domain/src',
];

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return webInputs.some((input) => newestChange(join(root, input)) > built);
}

/** Builds the web app when stale; answers the build's exit status (0 when nothing had to be built). */
export function buildWebIfStale() {
  if (!webBuildIsStale()) return 0;
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@armature/web'], { cwd: root, stdio: 'inherit' });
  return build.status ?? 1;
}
