// When a build's inputs last changed, so a start rebuilds only what changed since the last build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest modification time (ms) of a file or anything under a folder; 0 when it does not exist. */
export function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestChange(join(path, name))), stat.mtimeMs);
}

/** True when `output` is missing or older than any of `inputs` (paths under `root`). */
export function isStale(output, inputs, root) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return inputs.some((input) => newestChange(join(root, input)) > built);
}
