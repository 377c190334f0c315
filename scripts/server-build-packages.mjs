// Which npm packages the server's build carries inside its files and which it leaves to Node, and the check
// that keeps that choice safe. Bundling saves Node resolving, reading and compiling hundreds of files at every
// start (docs/benchmarks.md, "Server start"); a package cannot be bundled when it reads files beside itself
// (its own directory is no longer where its code runs) or starts a worker from its own files.
import { existsSync, realpathSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, sep } from 'node:path';

/** Left to Node, resolved from node_modules at run time; why, for each. */
const LEFT_TO_NODE = {
  '@electric-sql/pglite': 'loads its WebAssembly and file-system bundle from beside itself',
  pdfkit: 'reads its standard fonts (.afm) from beside itself',
  '@embedpdf/fonts-sc': 'font files, located through require.resolve',
  '@fastify/swagger-ui': 'serves its static assets from beside itself',
  '@fastify/swagger': 'reads its package.json from beside itself; loaded only with the docs',
  exceljs: 'loaded on first export only; large',
  'bwip-js': 'loaded on first label only',
  qrcode: 'loaded on first label only',
  '@aws-sdk/client-s3': 'loaded only with S3_*; large',
  pino: 'starts its transports in worker threads from its own files',
  'thread-stream': 'starts a worker thread from its own file',
  'pino-pretty': 'loaded only for a terminal, through createRequire',
  ioredis: 'loaded only with REDIS_URL',
  'file-type': 'loaded on first upload only',
  tsx: 'the development loader, never part of the build',
  esbuild: 'a native binary',
};
/** Families left to Node whole, by name prefix. */
const FAMILIES_LEFT_TO_NODE = {
  'node-opcua': 'the OPC UA gateway only: some 200 modules that read their own files (nodesets, certificates)',
};
const leftToNode = (name) =>
  name in LEFT_TO_NODE || Object.keys(FAMILIES_LEFT_TO_NODE).some((prefix) => name.startsWith(prefix));

/**
 * npm packages bundled after review although their source mentions a file path or a worker: what the check
 * below found and why it is harmless.
 */
const REVIEWED = {
  fflate: 'its asynchronous functions start workers from code given as a string (`eval: true`), not a file',
  'pg-boss': 'its `Worker` is its own polling loop, not a thread',
  qlobber: "the match is in a comment (its README's example of a worker); aedes' topic matching reads no file",
  'worker-timers-broker': "a browser Worker from a Blob URL, for mqtt's worker timers, which Node never uses",
};

/** `@scope/name` or `name` of a bare import (`fastify/lib/x` → `fastify`). */
export const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The folder `name` resolves to from `fromDir`, as Node looks for it (node_modules folders up the tree). */
function packageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = dirname(dir)) {
    const candidate = join(dir, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * The first lines of every built file: bundled CommonJS code `require`s Node's own modules and the packages
 * left to Node, which ES modules do not have.
 */
export const REQUIRE_BANNER =
  "import { createRequire as __armatureCreateRequire } from 'node:module';\n" +
  'const require = __armatureCreateRequire(import.meta.url);';

/**
 * Our workspace packages (TypeScript) and npm packages are bundled, except the cutting package, taken from
 * its own build so that its solver can start its worker thread from beside it, and `LEFT_TO_NODE`'s. A
 * package left to Node must be the same copy from the build's folder as from the file importing it (a
 * nested, other version of it would otherwise be swapped silently): the build fails when it is not.
 */
const RESOLVING = Symbol('resolving');
export const npmPackagesBundled = {
  name: 'npm-packages-bundled',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, async ({ path, importer, kind, resolveDir, pluginData }) => {
      if (kind === 'entry-point' || pluginData === RESOLVING) return undefined;
      if (path === '@armature/cutting') return { path: '@armature/cutting/dist', external: true };
      const name = packageOf(path);
      if (!leftToNode(name)) {
        // A package's optional import of one not installed stays for Node to fail on, as it would
        // unbundled, only if that code runs.
        const found = await build.resolve(path, { kind, importer, resolveDir, pluginData: RESOLVING });
        return found.errors.length && importer.includes('/node_modules/') ? { path, external: true } : undefined;
      }
      const fromImporter = importer && packageDir(name, dirname(importer));
      const fromBuild = packageDir(name, build.initialOptions.outdir);
      if (fromImporter && fromImporter !== fromBuild)
        return {
          errors: [{ text: `${name} is left to Node but ${importer} uses another copy (${fromImporter})` }],
        };
      return { path, external: true };
    });
  },
};

// What a package does when it reads a file beside itself or starts a worker from one.
const FILE_OR_WORKER =
  /\b__dirname\b|\b__filename\b|import\.meta\.(url|dirname|filename)|require\.resolve\b|new Worker\b/;

/**
 * Fails the build when a bundled npm package's code mentions its own files or a worker and was not reviewed:
 * it would run from the build's folder, where its files are not.
 */
export async function checkBundledPackages(metafile, root) {
  const found = new Map();
  for (const input of Object.keys(metafile.inputs)) {
    const at = input.lastIndexOf(`node_modules/`);
    if (at < 0) continue;
    const name = packageOf(input.slice(at + 'node_modules/'.length));
    if (name in REVIEWED) continue;
    const source = await readFile(join(root, input.split('/').join(sep)), 'utf8');
    const match = FILE_OR_WORKER.exec(source);
    if (match) found.set(name, [...(found.get(name) ?? []), `${input} (${match[0]})`]);
  }
  if (!found.size) return;
  const lines = [...found].map(([name, inputs]) => `  ${name}: ${inputs.join(', ')}`);
  throw new Error(
    `npm packages bundled into the server mention their own files or a worker; review each, then list it in ` +
      `LEFT_TO_NODE or REVIEWED (scripts/server-build-packages.mjs):\n${lines.join('\n')}`,
  );
}
