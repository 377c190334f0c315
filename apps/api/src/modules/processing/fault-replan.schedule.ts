import type { FastifyInstance } from 'fastify';
import { proposeFaultReplans } from './fault-replan.ts';

const MINUTE_MS = 60 * 1000;

/**
 * Runs the fault scan once when the app is ready and every minute after, in apps built with background
 * services (`npm start`; not most tests, which call `proposeFaultReplans` with a clock of their own).
 * Every API process runs it; the scan's lock and keys make that harmless.
 */
export function scheduleFaultReplanScan(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const scan = () =>
    proposeFaultReplans(app.db, new Date(), app.log).catch((error: unknown) =>
      app.log.warn({ err: error }, 'the fault re-plan scan failed'),
    );
  app.addHook('onReady', async () => {
    if (app.jobs === null) return;
    timer = setInterval(() => void scan(), MINUTE_MS);
    timer.unref();
    void scan();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
