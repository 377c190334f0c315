import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, migrationProblems } from '../scripts/migration-checksums.mjs';

const released = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'released.json'), 'utf8'));

describe('released migrations are immutable', () => {
  it('every migration of the journal is released, and none changed since', () => {
    expect(migrationProblems(released)).toEqual([]);
  });

  const copy = mkdtempSync(path.join(tmpdir(), 'armature-migrations-')) + path.sep;
  cpSync(MIGRATIONS_DIR, copy, { recursive: true });
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('fails when a released migration file is edited', () => {
    const [tag] = Object.keys(released);
    writeFileSync(`${copy}${tag}.sql`, `${readFileSync(`${copy}${tag}.sql`, 'utf8')}\n-- a later edit\n`);
    expect(migrationProblems(released, copy)).toEqual([
      `released migration ${tag} changed (its sql): write a new migration instead`,
    ]);
  });
});
