import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const check = () => spawnSync('node', ['scripts/check-schema-drift.mjs'], { cwd: root, encoding: 'utf8' });

describe('schema drift check', () => {
  it('passes while the committed migrations describe the tables', () => {
    const run = check();
    expect(run.stdout).toContain('the committed migrations match the tables');
    expect(run.status).toBe(0);
  });

  it('fails when a table is added without its migration', () => {
    const probe = `${root}apps/api/src/core/db/drift-probe.table.ts`;
    writeFileSync(
      probe,
      "import { pgTable, uuid } from 'drizzle-orm/pg-core';\nexport const driftProbe = pgTable('drift_probe', { id: uuid().primaryKey() });\n",
    );
    try {
      const run = check();
      expect(run.stderr).toContain('Schema drift: the tables differ from the committed migrations');
      expect(run.status).toBe(1);
    } finally {
      rmSync(probe, { force: true });
    }
  });
});
