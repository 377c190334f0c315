// The server's JavaScript build, shared by `npm start`, `npm run build`, `npm run worker`, the CLIs and
// `npm run cluster`: production never loads TypeScript through tsx (a start then costs seconds of compiling).
// esbuild bundles each entry with our workspace sources and the npm packages it can carry (Node then resolves
// and reads a few files instead of hundreds at every start; docs/benchmarks.md, "Server start"); rebuilt only
// when a source changed since the last build, so a restart costs no build.
import { readFile, readdir, rename, rm, stat, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from './newest-change.mjs';
import { npmPackagesBundled, REQUIRE_BANNER, checkBundledPackages } from './server-build-packages.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const apiDist = join(root, 'apps/api/dist');
const cuttingDist = join(root, 'packages/cutting/dist');

/** The API's entry points: `apps/api/dist/<name>.js`. */
const API_ENTRIES = {
  server: 'apps/api/src/server.ts',
  worker: 'apps/api/src/worker.ts',
  'migrate-cli': 'apps/api/src/setup/migrate-cli.ts',
  'seed-cli': 'apps/api/src/setup/seed-cli.ts',
  'backup-cli': 'apps/api/src/setup/backup/backup-cli.ts',
  'restore-cli': 'apps/api/src/setup/backup/restore-cli.ts',
  'postgres-import-cli': 'apps/api/src/setup/backup/postgres-import-cli.ts',
  'mosquitto-acl-cli': 'apps/api/src/modules/telemetry/mosquitto-acl.cli.ts',
  'simulate-machines-cli': 'apps/api/src/modules/telemetry/simulator/cli.ts',
  'opcua-gateway-cli': 'apps/api/src/modules/telemetry/opcua-gateway/cli.ts',
  'cluster-prepare': 'scripts/cluster/prepare.mjs',
};
/** The cutting package's: its API, the solver's worker thread (started from beside the API) and `npm run cut`. */
const CUTTING_ENTRIES = {
  index: 'packages/cutting/src/index.ts',
  worker: 'packages/cutting/src/worker.ts',
  cli: 'packages/cutting/src/cli.ts',
};
const INPUTS = [
  'apps/api/src',
  'packages/domain/src',
  'packages/cutting/src',
  'scripts/server-build.mjs',
  'scripts/server-build-packages.mjs',
  'scripts/cluster/prepare.mjs',
  'package-lock.json',
];
// Written last: its time is the build's, and a build that failed half-way leaves it old.
const STAMP = join(apiDist, 'server.js');

/** The built file of an API entry point (e.g. `server`, `worker`, `migrate-cli`). */
export const builtEntry = (name) => join(apiDist, `${name}.js`);

export function serverBuildIsStale() {
  return isStale(STAMP, INPUTS, root);
}

/** Builds the API and the cutting package when a source changed since the last build. */
export async function buildServerIfStale() {
  if (!serverBuildIsStale()) return;
  console.log('Building the server…');
  await buildServer();
}

export async function buildServer() {
  const esbuild = await import('esbuild');
  try {
    // The cutting package first: the API's build leaves `@armature/cutting` to Node, which loads this one.
    await bundle(esbuild, CUTTING_ENTRIES, cuttingDist, { packages: 'external' });
    await bundle(esbuild, API_ENTRIES, apiDist, {
      plugins: [npmPackagesBundled, sourceRelativeUrls],
      // The bundled CommonJS packages' `require` of Node's own modules and of the packages left to Node.
      banner: { js: REQUIRE_BANNER },
      // The entries share one copy of each module (chunks beside them, so that the source-relative
      // addresses below hold in every file).
      splitting: true,
      chunkNames: 'chunk-[hash]',
      metafile: true,
    });
  } finally {
    await esbuild.stop();
  }
}

async function bundle(esbuild, entries, outdir, options) {
  const result = await esbuild.build({
    ...options,
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, path]) => [name, join(root, path)])),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Bundling renames clashing names; a class's `name` (errors are told apart by it) must stay its own.
    keepNames: true,
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'warning',
    write: false,
  });
  if (result.metafile) await checkBundledPackages(result.metafile, root);
  // Each file is written whole and renamed into place: a server starting beside this build (another
  // browser-test run on the same tree) reads the old file or the new one, never half of one.
  await mkdir(outdir, { recursive: true });
  const files = [...result.outputFiles].sort((a, b) => (a.path === STAMP) - (b.path === STAMP));
  for (const file of files) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  }
  await removeOldChunks(outdir, new Set(files.map((file) => file.path)));
}

/** How long a chunk of an earlier build is kept: a server started from that build may still import it lazily. */
const OLD_CHUNK_KEPT_MS = 24 * 60 * 60 * 1000;

/** Removes the shared chunks (`chunk-*.js` and maps) that this build did not write and are older than a day. */
async function removeOldChunks(outdir, written) {
  const before = Date.now() - OLD_CHUNK_KEPT_MS;
  for (const name of await readdir(outdir)) {
    const path = join(outdir, name);
    if (!/^chunk-\w+\.js(\.map)?$/.test(name) || written.has(path)) continue;
    if ((await stat(path)).mtimeMs < before) await rm(path, { force: true });
  }
}

/**
 * `import.meta.url` keeps meaning the source file's address, as it does under tsx: files found next to the
 * sources (migrations, demo files, the web build) resolve from the bundle as they do from the sources.
 */
const sourceRelativeUrls = {
  name: 'source-relative-urls',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      const source = await readFile(path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = relative(apiDist, path).split(sep).join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: 'ts',
        resolveDir: dirname(path),
      };
    });
  },
};
