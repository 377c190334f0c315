import { describe, expect, it } from 'vitest';
import { MAX_FILE_NAME, attachmentFileName, cleanFileName } from './file-name.ts';

describe('cleanFileName', () => {
  it('keeps the last segment of a path, trimmed', () => {
    expect(cleanFileName('C:\\fakepath\\ cert.pdf ')).toBe('cert.pdf');
    expect(cleanFileName('/home/a/质保书.pdf')).toBe('质保书.pdf');
  });

  it('drops control characters and every bidi mark, override and isolate', () => {
    expect(cleanFileName('a\u0000b\u0007c\u001f\u007fd\u0085.pdf')).toBe('abcd.pdf');
    expect(cleanFileName('invoice\u202egnp.html')).toBe('invoicegnp.html');
    const bidi = '\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069';
    expect(cleanFileName(`x${bidi}\u2028\u2029\ufeff.pdf`)).toBe('x.pdf');
    // Letters of right-to-left scripts are not marks: they stay.
    expect(cleanFileName('شهادة.pdf')).toBe('شهادة.pdf');
  });

  it('answers `file` when nothing is left, and cuts at 255 characters', () => {
    expect(cleanFileName('\u202e \u0001')).toBe('file');
    expect(cleanFileName('dir/')).toBe('file');
    expect([...cleanFileName('质'.repeat(300))]).toHaveLength(MAX_FILE_NAME);
  });
});

describe('attachmentFileName', () => {
  it('keeps a name whose extension is one of its type', () => {
    expect(attachmentFileName('scan.pdf', 'application/pdf')).toBe('scan.pdf');
    expect(attachmentFileName('photo.JPEG', 'image/jpeg')).toBe('photo.JPEG');
    expect(attachmentFileName('photo.jpg', 'image/jpeg')).toBe('photo.jpg');
  });

  it('adds the type’s extension to any other name', () => {
    expect(attachmentFileName('x.html', 'image/png')).toBe('x.html.png');
    expect(attachmentFileName('drawing', 'image/webp')).toBe('drawing.webp');
    expect(attachmentFileName('photo.png', 'image/jpeg')).toBe('photo.png.jpg');
    expect(attachmentFileName('report.', 'application/pdf')).toBe('report..pdf');
  });

  it('cleans first, so an override cannot fake the extension', () => {
    expect(attachmentFileName('x\u202egnp.html', 'image/png')).toBe('xgnp.html.png');
  });

  it('stays within 255 characters with the extension', () => {
    const name = attachmentFileName(`${'a'.repeat(300)}.html`, 'image/png');
    expect(name).toHaveLength(MAX_FILE_NAME);
    expect(name.endsWith('a.png')).toBe(true);
  });

  it('leaves the name of a type it does not know cleaned only', () => {
    expect(attachmentFileName('sheet\u202e.xlsx', 'application/zip')).toBe('sheet.xlsx');
  });
});
