import { Socket } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { ZplDpi } from '@armature/domain';
import type { Db, Tx } from '../../core/db/client.ts';
import { labelPrinters } from './label-printer.table.ts';
import { AppError } from '../../core/http/app-error.ts';

/** How long a printer may take to accept the connection and the job before the print is refused. */
export const PRINTER_TIMEOUT_MS = 5_000;

export type LabelPrinterTarget = { name: string; host: string; port: number; dpi: ZplDpi };

/** The product's label printer `id` (404 for another product's or an unknown one). */
export async function printerOf(db: Db | Tx, productId: string, id: string): Promise<LabelPrinterTarget> {
  const [printer] = await db
    .select({ name: labelPrinters.name, host: labelPrinters.host, port: labelPrinters.port, dpi: labelPrinters.dpi })
    .from(labelPrinters)
    .where(and(eq(labelPrinters.id, id), eq(labelPrinters.productId, productId)));
  if (!printer) throw new AppError('not_found');
  return { ...printer, dpi: printer.dpi === '300' ? '300' : '203' };
}

/**
 * Sends a job to a printer's raw port (9100, "JetDirect"): connect, write, close. A printer takes a
 * raw job as it comes and answers nothing, so the job is sent once the connection ends cleanly; a
 * refused connection, a timeout or a reset is 502 `printer_unreachable`, naming the printer.
 */
export function sendToPrinter(printer: LabelPrinterTarget, job: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    const fail = (reason: string) => {
      socket.destroy();
      reject(
        new AppError('printer_unreachable', {
          printer: printer.name,
          address: `${printer.host}:${printer.port}`,
          reason,
        }),
      );
    };
    socket.setTimeout(PRINTER_TIMEOUT_MS, () => fail('timeout'));
    socket.once('error', (error: NodeJS.ErrnoException) => fail(error.code ?? error.message));
    socket.connect(printer.port, printer.host, () => {
      socket.end(Buffer.from(job, 'utf8'), () => {
        socket.destroy();
        resolve();
      });
    });
  });
}
