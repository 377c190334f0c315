import { rmSync } from 'node:fs';

/** Removes the temporary database folder the configuration created for this run. */
export default function globalTeardown() {
  const dataDir = process.env.ARMATURE_E2E_DATA_DIR;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
