import { describe, expect, it } from 'vitest';
import { bundleSpec, scanIdFromText, scanUrl } from './bundle-tag.ts';

const ID = 'AbCdEfGhIjKlMnOpQrSt_-';

describe('bundle tags', () => {
  it('put the scan page address in the QR code, whatever the origin ends with', () => {
    expect(scanUrl('https://plant.example', ID)).toBe(`https://plant.example/scan/${ID}`);
    expect(scanUrl('http://10.0.0.5:3000/', ID)).toBe(`http://10.0.0.5:3000/scan/${ID}`);
  });

  it('read the scan id back from what a hand scanner types: the address or the id alone', () => {
    expect(scanIdFromText(scanUrl('https://plant.example', ID))).toBe(ID);
    expect(scanIdFromText(`  ${ID}\n`)).toBe(ID);
    expect(scanIdFromText(`https://plant.example/scan/${ID}/`)).toBe(ID);
    expect(scanIdFromText(`https://plant.example/scan/${ID}?from=tag#top`)).toBe(ID);
  });

  it('take nothing else for a tag: a short or long id, another page, a task code', () => {
    expect(scanIdFromText(ID.slice(1))).toBeNull();
    expect(scanIdFromText(`${ID}x`)).toBeNull();
    expect(scanIdFromText(`https://plant.example/scan/${ID}x`)).toBeNull();
    expect(scanIdFromText(`https://plant.example/task/${ID}`)).toBeNull();
    expect(scanIdFromText('TK20261122-0001')).toBeNull();
    expect(scanIdFromText('')).toBeNull();
  });

  it('write a spec as grade Φ diameter', () => {
    expect(bundleSpec('HRB400E', 12)).toBe('HRB400E Φ12');
  });
});
