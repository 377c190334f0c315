import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';

/** What a test reads of a generated PDF: its pages' sizes (points) and the QR codes its images hold. */
export function readPdf(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const pages = [...text.matchAll(/\/Type \/Page\b(?!s)[\s\S]*?\/MediaBox \[([^\]]+)\]/g)].map((match) => {
    const [, , width, height] = match[1]!.trim().split(/\s+/).map(Number);
    return { width: width!, height: height! };
  });
  return { header: text.slice(0, 5), pages, qrCodes: imagesOf(pdf, text).map(decodeQr).filter(Boolean) };
}

type Image = { width: number; height: number; channels: number; pixels: Buffer };

/** The image XObjects of a pdfkit PDF (8-bit RGB or grey, Flate-compressed without a predictor). */
function imagesOf(pdf: Buffer, text: string): Image[] {
  const images: Image[] = [];
  for (const match of text.matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    const dictionary = match[1]!;
    if (!/\/Subtype \/Image/.test(dictionary) || /\/DecodeParms/.test(dictionary)) continue;
    const number = (key: string) => Number(new RegExp(`/${key} (\\d+)`).exec(dictionary)?.[1]);
    const start = match.index! + match[0].length;
    const raw = pdf.subarray(start, start + number('Length'));
    const pixels = /\/FlateDecode/.test(dictionary) ? inflateSync(raw) : raw;
    const channels = /\/DeviceRGB/.test(dictionary) ? 3 : 1;
    images.push({ width: number('Width'), height: number('Height'), channels, pixels });
  }
  return images;
}

function decodeQr(image: Image): string | null {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let pixel = 0; pixel < image.width * image.height; pixel++) {
    for (let channel = 0; channel < 3; channel++)
      rgba[pixel * 4 + channel] = image.pixels[pixel * image.channels + (image.channels === 3 ? channel : 0)]!;
    rgba[pixel * 4 + 3] = 255;
  }
  return jsQR(rgba, image.width, image.height)?.data ?? null;
}
