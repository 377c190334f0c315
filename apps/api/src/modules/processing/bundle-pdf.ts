import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import { contentDisposition } from '../../core/files/content-disposition.ts';
import { cjkFont } from '../planning/index.ts';

/** Millimetres to PDF points. */
export const mm = (value: number) => (value * 72) / 25.4;

/**
 * A pdfkit document writing Noto Sans Hans (embedded, subset) as its font `cjk`, and the promise of its
 * bytes once `doc.end()` is called. Tags and delivery notes are built with it.
 */
export function openPdf(options: PDFKit.PDFDocumentOptions): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
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
