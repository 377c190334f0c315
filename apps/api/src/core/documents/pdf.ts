import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../files/content-disposition.ts';
import { cjkFont } from './fonts.ts';

/** Millimetres to PDF points. */
export const mm = (value: number) => (value * 72) / 25.4;

/**
 * A pdfkit document writing Noto Sans Hans (embedded, subset) as its font `cjk`, and the promise of its
 * bytes once `doc.end()` is called. Every printed document (plans, tags, delivery notes) starts here.
 * pdfkit is loaded on the first PDF, not at the server's start: most processes never print one.
 */
export async function openPdf(
  options: PDFKit.PDFDocumentOptions,
): Promise<{ doc: PDFKit.PDFDocument; bytes: Promise<Buffer> }> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ ...options, autoFirstPage: options.autoFirstPage ?? true });
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', cjkFont());
  doc.font('cjk');
  return { doc, bytes };
}

/** Sends a PDF as a download named `<name>.pdf`. */
export function sendPdf(reply: FastifyReply, name: string, pdf: Buffer) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition('attachment', `${name}.pdf`))
    .send(pdf);
}
