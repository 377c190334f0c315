import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const run = (args: string[], initCwd: string) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/cli.ts', ...args], {
    cwd: packageDir,
    env: { ...process.env, INIT_CWD: initCwd },
  });

describe('command line', () => {
  it('solves a BPPLIB file named relative to the caller and prints one JSON object', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cut-'));
    // CRLF and tabs, as in BPPLIB: 3 types on capacity 10 → 4+6, 4+6, 5+5 → 3 bars.
    await writeFile(join(dir, 'tiny.txt'), '3\r\n10\r\n6\t2\r\n5\t2\r\n4\t2\r\n');
    const { stdout } = await run(['tiny.txt', '--time-limit', '5'], dir);
    const out = JSON.parse(stdout) as Record<string, unknown> & {
      patterns: { stockLength: number; count: number; cuts: { length: number; count: number }[] }[];
    };
    expect(out).toMatchObject({ status: 'optimal', objective: 3, lowerBound: 3, bars: 3, unplaced: [] });
    expect(Object.keys(out).sort()).toEqual(
      [
        'bars',
        'cost',
        'elapsedMs',
        'lowerBound',
        'objective',
        'patterns',
        'status',
        'unplaced',
        'useRate',
        'wasteRate',
      ].sort(),
    );
    const pieces = out.patterns.reduce((n, p) => n + p.count * p.cuts.reduce((m, c) => m + c.count, 0), 0);
    expect(pieces).toBe(6);
  });

  it('reads the JSON instance format and reports unplaced pieces', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cut-'));
    const instance = {
      objective: 'min_cost',
      stock: [{ length: 12000, cost: 12, available: 1 }],
      items: [{ label: 'a', length: 5000, demand: 3 }],
      wasteLength: 500,
    };
    await writeFile(join(dir, 'job.json'), JSON.stringify(instance));
    const { stdout } = await run(['job.json'], dir);
    expect(JSON.parse(stdout)).toMatchObject({
      status: 'partial',
      bars: 1,
      cost: 12,
      unplaced: [{ length: 5000, count: 1, reason: 'not_enough_stock' }],
    });
  });

  it('fails with a message on a malformed file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cut-'));
    await writeFile(join(dir, 'bad.txt'), '2\n100\n50 1\n');
    const error = (await run(['bad.txt'], dir).catch((e: unknown) => e)) as { code: number; stderr: string };
    expect(error.code).toBe(1);
    expect(error.stderr).toMatch(/expected 6 numbers/);
  });
});
