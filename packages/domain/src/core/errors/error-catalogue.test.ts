import { describe, expect, it } from 'vitest';
import { mergeErrorCatalogues } from './error-catalogue.ts';

const message = { 'zh-CN': '错', 'en-US': 'Wrong', 'fr-FR': 'Faux' };

describe('error catalogues', () => {
  it("merge the areas' codes", () => {
    const merged = mergeErrorCatalogues({ a: { status: 400, message } }, { b: { status: 409, message } });
    expect(merged).toEqual({ a: { status: 400, message }, b: { status: 409, message } });
    expect(merged.b.status).toBe(409);
  });

  it('refuse a code two areas define', () => {
    expect(() => mergeErrorCatalogues({ a: { status: 400, message } }, { a: { status: 409, message } })).toThrow(/"a"/);
  });
});
