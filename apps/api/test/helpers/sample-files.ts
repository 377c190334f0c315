import PDFDocument from 'pdfkit';

/** A real one-page PDF (what a scanned mill certificate is), made by pdfkit. */
export function samplePdf(text = 'Mill certificate'): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A5' });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.text(text);
  doc.end();
  return done;
}

/** A valid 1 × 1 PNG (signature, IHDR, IDAT, IEND with their CRCs). */
export const SAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
