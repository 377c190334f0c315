// The command line starts from the JavaScript build (dist/, made by `npm ci` through "prepare", or `npm run build`):
// loading the sources through tsx costs most of a second before anything is solved. Without a build, or when a
// source is newer than the build, it runs the sources so that it never answers with stale code.
import { existsSync, readdirSync, statSync } from 'node:fs';

const src = new URL('../src/', import.meta.url);
const built = new URL('../dist/cli.js', import.meta.url);

function newestSource(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const url = new URL(entry.name + (entry.isDirectory() ? '/' : ''), dir);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(url) : statSync(url).mtimeMs);
  }
  return newest;
}

if (existsSync(built) && statSync(built).mtimeMs >= newestSource(src)) {
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL('cli.ts', src).href);
}
