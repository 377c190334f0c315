import { describe, expect, it } from 'vitest';
import type { BundleTag } from './bundle.schema.ts';
import { shapeBitmap } from './shape-bitmap.ts';
import { graphicField, tagsZpl } from './tag-zpl.ts';

const tag: BundleTag = {
  plant: '华东钢筋加工有限公司 一号加工线',
  project: 'Tower ^XZ~JA_1',
  orderCode: 'DO-2026-0001',
  mark: 'B12',
  spec: 'HRB400E Φ12',
  shapeCode: '21',
  geometry: [
    { length: 300, angle: 90 },
    { length: 1200, angle: 90 },
    { length: 300, angle: 0 },
  ],
  cutLength: 1800,
  pieces: 20,
  weight: 31.968,
  bundleNo: 1,
  bundleCount: 2,
  productionDate: '2026-11-29',
  superseded: false,
  heatNos: ['24B-1187', '24C-3310'],
};
const url = 'https://plant.example/scan/AbCdEfGhIjKlMnOpQrStUv';
const bvbs = 'BF2D@Hj@r@i@pB12@l1800@n20@e1.598@d12@gB500B@s48@v@Gl300@w90@l1200@w90@l300@w0@C74@';

describe('tags as ZPL', () => {
  it('writes one 100 × 150 mm label per tag at the printer resolution', () => {
    const at203 = tagsZpl([{ tag, code: 'B-7K3Q-9F', url, bvbs }], '203', 'en-US');
    expect(at203.match(/\^XA/g)).toHaveLength(1);
    expect(at203).toContain('^PW800\n^LL1200');
    const at300 = tagsZpl(
      [
        { tag, code: 'B-7K3Q-9F', url, bvbs },
        { tag, code: 'B-0000-01', url, bvbs: null },
      ],
      '300',
      'en-US',
    );
    expect(at300.match(/\^XA/g)).toHaveLength(2);
    expect(at300).toContain('^PW1200\n^LL1800');
  });

  it('carries the QR of the scan address, the code under it and the BVBS record in a PDF417', () => {
    const zpl = tagsZpl([{ tag, code: 'B-7K3Q-9F', url, bvbs }], '203', 'fr-FR');
    expect(zpl).toContain(`^BQN,2,6^FH_^FDMA,${url}^FS`);
    expect(zpl).toContain('^FDB-7K3Q-9F^FS');
    expect(zpl).toMatch(/\^B7N,6,3,10,,N\^FH_\^FDBF2D@Hj@r@i@pB12@/);
    expect(zpl).toContain('^FDRepère^FS');
    expect(tagsZpl([{ tag, code: 'B-7K3Q-9F', url, bvbs: null }], '203', 'fr-FR')).not.toContain('^B7');
  });

  it('lists the heats the pieces were cut from, or says the heat is unknown', () => {
    const zpl = tagsZpl([{ tag, code: 'B-7K3Q-9F', url, bvbs }], '203', 'en-US');
    expect(zpl).toContain('^FDHeats^FS');
    expect(zpl).toContain('^FD24B-1187, 24C-3310^FS');
    expect(tagsZpl([{ tag: { ...tag, heatNos: [] }, code: 'B-7K3Q-9F', url, bvbs }], '203', 'en-US')).toContain(
      '^FDheat unknown^FS',
    );
  });

  it('escapes what would end a field or start a command', () => {
    const zpl = tagsZpl([{ tag, code: 'B-7K3Q-9F', url, bvbs: null }], '203', 'en-US');
    expect(zpl).toContain('^FDTower _5EXZ_7EJA_5F1^FS');
    expect(zpl).not.toContain('Tower ^XZ');
  });

  it('writes Chinese in the CJK font and ASCII in the resident font 0', () => {
    const zpl = tagsZpl([{ tag, code: 'B-7K3Q-9F', url, bvbs: null }], '203', 'zh-CN');
    expect(zpl).toContain('^CWJ,E:ANMDS.TTF');
    expect(zpl).toMatch(/\^AJN,\d+,\d+\^FH_\^FD华东钢筋/);
    expect(zpl).toMatch(/\^A0N,\d+,\d+\^FH_\^FDB-7K3Q-9F/);
  });

  it('draws the shape with every leg length beside it', () => {
    const zpl = tagsZpl([{ tag, code: 'B-7K3Q-9F', url, bvbs: null }], '203', 'en-US');
    expect(zpl).toMatch(/\^GFA,\d+,\d+,\d+,/);
    for (const length of ['300', '1200']) expect(zpl).toContain(`^FD${length}^FS`);
  });
  it('prints a superseded bundle’s tag with a reversed banner in place of the plant', () => {
    const valid = tagsZpl([{ tag, code: 'B-7K3Q-9F', url, bvbs }], '203', 'en-US');
    const superseded = tagsZpl([{ tag: { ...tag, superseded: true }, code: 'B-7K3Q-9F', url, bvbs }], '203', 'en-US');
    expect(valid).not.toContain('SUPERSEDED');
    expect(superseded).toMatch(/\^A0N,\d+,\d+\^FR\^FH_\^FDSUPERSEDED - DO NOT SHIP\^FS/);
    expect(superseded).not.toContain(tag.plant);
    const chinese = tagsZpl([{ tag: { ...tag, superseded: true }, code: 'B-7K3Q-9F', url, bvbs }], '203', 'zh-CN');
    expect(chinese).toContain('^AJN');
  });
});

describe('the shape bitmap', () => {
  it('draws a straight bar as a level stroke across the middle, to scale with its margins', () => {
    const { bitmap, dimensions } = shapeBitmap([{ length: 6000, angle: 0 }], {
      width: 100,
      height: 40,
      margin: 10,
      stroke: 4,
    });
    const dark = (x: number, y: number) => (bitmap.bits[y * bitmap.bytesPerRow + (x >> 3)]! & (0x80 >> (x & 7))) !== 0;
    expect(bitmap.bytesPerRow).toBe(13);
    expect(dark(50, 20)).toBe(true);
    expect(dark(11, 20)).toBe(true);
    expect(dark(5, 20)).toBe(false);
    expect(dark(50, 10)).toBe(false);
    expect(dimensions).toEqual([{ x: 50, y: 15, text: '6000' }]);
  });

  it('compresses blank and repeated rows in ^GF', () => {
    const bits = new Uint8Array(4 * 3);
    bits.set([0xff, 0xff, 0xff, 0x00], 4);
    bits.set([0xff, 0xff, 0xff, 0x00], 8);
    const field = graphicField({ width: 32, height: 3, bytesPerRow: 4, bits });
    // A blank row is `,`, then six F and the trailing zeros, then the same row again.
    expect(field).toBe('^GFA,12,12,4,,LF,:');
  });
});
