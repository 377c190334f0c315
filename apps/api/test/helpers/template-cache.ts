import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CACHE = path.join(ROOT, 'node_modules', '.cache', 'armature-test');

/**
 * What the seeded template is made of: the migrations, the API's and the packages' sources (the seed runs the
 * optimizer), the lock file (PGlite's version decides the data directory's format) and how it is built. Tests
 * are left out: changing one changes no template.
 */
const SOURCES = [
  'apps/api/src',
  'apps/api/drizzle',
  'packages/domain/src',
  'packages/cutting/src',
  'package-lock.json',
  'apps/api/test/helpers/global-setup.ts',
];

async function filesOf(entry: string): Promise<string[]> {
  const absolute = path.join(ROOT, entry);
  if ((await stat(absolute)).isFile()) return [absolute];
  const found = await readdir(absolute, { recursive: true, withFileTypes: true });
  return found
    .filter((dirent) => dirent.isFile() && !dirent.name.includes('.test.'))
    .map((dirent) => path.join(dirent.parentPath, dirent.name));
}

/**
 * A hash of the template's sources and of today's UTC date: the demo's orders, stock history and plans are
 * dated from the day it is seeded, so a template is kept for the day it was made on only.
 */
export async function templateKey(): Promise<string> {
  const files = (await Promise.all(SOURCES.map(filesOf))).flat().sort();
  const hash = createHash('sha256').update(new Date().toISOString().slice(0, 10));
  for (const file of files)
    hash
      .update(path.relative(ROOT, file))
      .update('\0')
      .update(await readFile(file));
  return hash.digest('hex').slice(0, 24);
}

/** The dumps kept: migrated and seeded, or an empty database (PGlite's initdb done, nothing else). */
export type TemplateName = 'seeded' | 'empty';

const cached = (name: TemplateName, key: string) => path.join(CACHE, `pglite-${name}-${key}.tar`);

/**
 * The run's own copy (in `directory`) of the PGlite dump `name` of `key`, built by `build` only when no earlier
 * run left one in node_modules/.cache/armature-test. Dumps of other keys are removed: each run reads its own
 * copy, so a run still going on an older one keeps it.
 */
export async function cachedPgliteTemplate(
  name: TemplateName,
  key: string,
  directory: string,
  build: () => Promise<Uint8Array>,
): Promise<{ file: string; hit: boolean }> {
  const file = path.join(directory, `pglite-${name}.tar`);
  const kept = cached(name, key);
  const hit = await copyFile(kept, file).then(
    () => true,
    () => false,
  );
  if (hit) return { file, hit };
  const dump = await build();
  await mkdir(CACHE, { recursive: true });
  await writeFile(file, dump);
  // Written aside and renamed: a run starting meanwhile never reads half a dump.
  const partial = `${kept}.${process.pid}.partial`;
  await writeFile(partial, dump);
  await rename(partial, kept);
  for (const other of await readdir(CACHE))
    if (other.startsWith(`pglite-${name}-`) && other.endsWith('.tar') && other !== path.basename(kept))
      await rm(path.join(CACHE, other), { force: true });
  return { file, hit };
}
