import { describe, expect, it } from 'vitest';
import { ownParams } from './use-paged-list.ts';

describe('paged list address', () => {
  const params = new URLSearchParams('page=2&rebarId=r1&log.page=3&log.direction=out&ui.tab=log');

  it('gives an unscoped list every undotted parameter', () => {
    expect(ownParams(params)).toEqual([
      ['page', '2'],
      ['rebarId', 'r1'],
    ]);
  });

  it('gives a scoped list its own parameters, without the prefix', () => {
    expect(ownParams(params, 'log')).toEqual([
      ['page', '3'],
      ['direction', 'out'],
    ]);
  });
});
