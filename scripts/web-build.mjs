// The web app's build, shared by `npm start` and `npm run cluster`: rebuilt only when its sources
// changed since the last build, so a restart costs no build.
import { spawn, spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from './newest-change.mjs';

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

const BUILD_COMMAND = ['npm', ['run', 'build', '-w', '@armature/web']];
const buildOptions = () => ({ cwd: root, stdio: 'inherit', env: { ...process.env, WEB_DIST_DIR: distDir } });

/** Builds the web app when stale; answers the build's exit status (0 when nothing had to be built). */
export function buildWebIfStale() {
  if (!isStale(builtIndex, webInputs, root)) return 0;
  console.log('Building the web app…');
  return buildWeb();
}

/**
 * Starts building the web app when stale, in its own process, and answers its exit status when it ends;
 * undefined when nothing has to be built. `npm start` does other work meanwhile (Vite is most of a first start).
 */
export function startWebBuildIfStale() {
  if (!isStale(builtIndex, webInputs, root)) return undefined;
  console.log('Building the web app…');
  const build = spawn(...BUILD_COMMAND, buildOptions());
  return new Promise((resolve) => {
    build.once('error', () => resolve(1));
    build.once('exit', (code) => resolve(code ?? 1));
  });
}

/** Builds the web app; answers the build's exit status. */
export function buildWeb() {
  return spawnSync(...BUILD_COMMAND, buildOptions()).status ?? 1;
}
