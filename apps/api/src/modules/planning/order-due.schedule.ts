import type { FastifyInstance } from 'fastify';
import { scanDueOrders } from './order-due.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Runs the due-order scan once when the app is ready and hourly after, in apps built with background
 * services (`npm start`; not most tests, which call `scanDueOrders` themselves). Every API process
 * runs it; the scan's lock and keys make that harmless.
 */
export function scheduleDueOrderScan(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  const scan = () =>
    scanDueOrders(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'the due-order scan failed'));
  app.addHook('onReady', async () => {
    if (app.jobs === null) return;
    timer = setInterval(() => void scan(), HOUR_MS);
    timer.unref();
    void scan();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
