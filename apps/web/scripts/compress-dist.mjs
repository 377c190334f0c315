#!/usr/bin/env node
// Writes .br and .gz beside every text asset of the build, so the API serves them precompressed
// (@fastify/static `preCompressed`) without compressing on each request.
// Brotli at quality 11 is about half of a web build's CPU (docs/benchmarks.md, "Server start"): the files are
// compressed on zlib's thread pool, several at a time, so a first start's build uses every core for it.
import { readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const dist = process.env.WEB_DIST_DIR ?? new URL('../dist/', import.meta.url).pathname;
const compressible = /\.(js|css|html|svg|json|txt)$/;
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (compressible.test(name)) yield path;
  }
}

/** Compresses one file both ways; answers whether it was worth it (at least 1 kB). */
async function compress(path) {
  const content = await readFile(path);
  if (content.length < 1024) return false;
  const [gz, br] = await Promise.all([
    gzipped(content, { level: 9 }),
    brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  ]);
  await Promise.all([writeFile(`${path}.gz`, gz), writeFile(`${path}.br`, br)]);
  return true;
}

const queue = [...files(dist)];
let count = 0;
// Each runner takes the next file when its last one is done: as many files at once as there are cores.
const runners = Array.from({ length: availableParallelism() }, async () => {
  for (let path = queue.shift(); path; path = queue.shift()) if (await compress(path)) count++;
});
await Promise.all(runners);
console.log(`Precompressed ${count} files (brotli and gzip).`);
