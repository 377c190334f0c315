import { MAX_BVBS_BYTES } from '@armature/domain';

/**
 * The machine-readable parts of a printed label: QR codes and PDF417 barcodes as PNG images. Their
 * libraries are loaded on the first label, not at the server's start.
 */

/** A QR code of the text (an address), with the quiet zone a phone camera needs. */
export async function qrPng(text: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 4, scale: 6 });
}

/** A PDF417 carrying a BVBS record (its UTF-8 bytes), or null when it is too long for a scanner (the ZPL tag's limit too). */
export async function pdf417Png(record: string): Promise<Buffer | null> {
  const bytes = Buffer.from(record, 'utf8');
  if (bytes.length > MAX_BVBS_BYTES) return null;
  const { default: bwip } = await import('bwip-js/node');
  // `columns` is a BWIPP option of PDF417 that bwip-js's typings do not list: passed as a plain object.
  const options = { bcid: 'pdf417', text: bytes.toString('latin1'), scale: 2, height: 6, columns: 8 };
  return bwip.toBuffer(options);
}
