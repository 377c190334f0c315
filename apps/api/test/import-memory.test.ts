import { readFileSync, writeFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { chooseProduct, loginAs } from './helpers/auth.ts';
import type { Headers } from './helpers/bom-fixture.ts';
import { multipartFile } from './helpers/multipart.ts';
import { testDatabases, useTestApp } from './helpers/test-app.ts';
import { manyRowsWorkbook } from './helpers/workbook-bombs.ts';
import { errorOf } from './helpers/inject.ts';

const MB = 1024 * 1024;
const SCHEDULE = [
  ['Mark', 'Diameter', 'Cut length', 'Quantity'],
  ['A1', 12, 3000, 4],
];
/** Rows of a sheet that unpacks to just under the 64 MB an upload may: the worst an import reads. */
const WORST_ROWS = 600_000;
const PARALLEL = 4;

/** Linux's figures of this process, in bytes: resident now, and the peak since `resetPeak`. */
function memory() {
  const status = readFileSync('/proc/self/status', 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Sets the peak (VmHWM) back to the resident size now (proc(5), clear_refs "5"). */
const resetPeak = () => writeFileSync('/proc/self/clear_refs', '5');

describe.each(testDatabases())('import memory on %s', (kind) => {
  const ctx = useTestApp(kind);
  let planner: Headers;
  let worst: Buffer;

  const preview = (body: ReturnType<typeof multipartFile>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/demandOrder/import/preview',
      headers: { ...planner, 'accept-language': 'en-US', ...body.headers },
      payload: body.payload,
    });

  beforeAll(async () => {
    planner = await loginAs(ctx.app, 'planner');
    await chooseProduct(ctx.app, planner);
    worst = await manyRowsWorkbook(SCHEDULE, WORST_ROWS);
    // Deflating 50 MB of sheet at zlib's best takes a while on a busy machine.
  }, 600_000);

  it(`holds ${PARALLEL} parallel worst-case workbook uploads within 100 MB of the memory before them`, async () => {
    // One read first: the reader's code is loaded on first use, which is the process's, not the uploads'.
    expect((await preview(multipartFile('schedule.xlsx', worst))).statusCode).toBe(400);
    const uploads = Array.from({ length: PARALLEL }, () => multipartFile('schedule.xlsx', worst));
    const before = memory().rss;
    resetPeak();
    const responses = await Promise.all(uploads.map(preview));
    const { peak } = memory();
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(400);
      expect(errorOf(response).code).toBe('import_too_many_lines');
    }
    expect(worst.length).toBeGreaterThan(4 * MB);
    const above = (peak - before) / MB;
    expect(above, `peak ${above.toFixed(0)} MB above the ${(before / MB).toFixed(0)} MB before`).toBeLessThan(100);
  }, 600_000);
});
