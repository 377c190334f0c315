// The web app's build, shared by `npm start` and `npm run cluster`: rebuilt only when its sources
// changed since the last build, so a restart costs no build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// WEB_DIST_DIR puts the build elsewhere (the server reads the same variable): runs side by side, such as
// several browser-test servers on one tree, then never rebuild the folder another one is serving.
const distDir = process.env.WEB_DIST_DIR ? resolve(process.env.WEB_DIST_DIR) : join(root, 'apps/web/dist');
const builtIndex = join(distDir, 'index.html');
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
  const build = spawnSync('npm', ['run', 'build', '-w', '@armature/web'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, WEB_DIST_DIR: distDir },
  });
  return build.status ?? 1;
}
