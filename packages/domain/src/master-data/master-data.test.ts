import { describe, expect, it } from 'vitest';
import { fieldErrors } from '../core/i18n/zod-messages.ts';
import { hasControlCharacters } from '../core/common.schema.ts';
import { localizedName } from '../core/resources/common-fields.ts';
import { endpointsOf } from '../core/resources/resource-endpoints.ts';
import { nominalUnitWeight, rebarSpecName } from './rebar-weight.ts';
import { inspectionTypeResource } from './resources/inspection-type.resource.ts';
import { productSettingResource } from './resources/product-setting.resource.ts';
import { rebarResource } from './resources/rebar.resource.ts';
import { techniqueResource } from './resources/technique.resource.ts';
import { MASTER_DATA_PAGES } from './master-data.menu.ts';
import { MASTER_DATA_RESOURCES } from './resource-list.ts';

describe('endpoints', () => {
  it('serve a resource at its path and aliases, and a plant variant at its own page with the plant-side input', () => {
    expect(endpointsOf(inspectionTypeResource).map(({ path, aliases }) => [path, ...aliases])).toEqual([
      ['ispectionType', 'inspectionType'],
    ]);
    const [maker, plant] = endpointsOf(productSettingResource);
    expect(maker).toMatchObject({ variant: 'main', page: productSettingResource.page });
    expect(maker?.input).toBe(productSettingResource.schemas.makerInput);
    expect(plant).toMatchObject({ variant: 'plant', path: 'product-setting/normal', aliases: [] });
    expect(plant?.input).toBe(productSettingResource.schemas.input);
  });
});

describe('schemas derived from a definition', () => {
  it('accept a record as the API returned it, dropping what the server owns', () => {
    const item = {
      id: '0b6d5b52-6f3e-4e55-9d0e-1c1a2b3c4d5e',
      code: 'CUT',
      name: 'Cutting',
      index: 1,
      description: null,
      creationTime: '2026-11-21T08:00:00.000Z',
      lastModificationTime: null,
    };
    expect(techniqueResource.schemas.input.parse(item)).toEqual({
      code: 'CUT',
      name: 'Cutting',
      nameEn: null,
      nameFr: null,
      index: 1,
      stage: 'production',
      description: null,
      lastModificationTime: null,
    });
  });

  it('fill defaults and nulls, and keep stock lengths sorted without repeats', () => {
    expect(techniqueResource.schemas.input.parse({ code: 'BEND', name: 'Bending', description: '' })).toEqual({
      code: 'BEND',
      name: 'Bending',
      nameEn: null,
      nameFr: null,
      index: 0,
      stage: 'production',
      description: null,
    });
    const rebar = rebarResource.schemas.input.parse({
      grade: 'HRB400E',
      diameter: 12,
      rebarMaterialId: '',
      stockLengths: [12000, 9000, 12000],
    });
    expect(rebar).toMatchObject({ unitWeight: null, rebarMaterialId: null, stockLengths: [9000, 12000] });
    expect(rebar).not.toHaveProperty('name');
  });

  it('report each kind of bad value on its field, in the caller’s language', () => {
    const result = rebarResource.schemas.input.safeParse({
      grade: '',
      diameter: 12.5,
      unitWeight: 0.12345,
      rebarMaterialId: 'not-an-id',
      stockLengths: [9000, 'x', 50],
    });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error?.issues ?? [], 'en-US')).toEqual({
      grade: ['Required'],
      diameter: ['Please enter a whole number'],
      unitWeight: ['No more than 3 decimal places'],
      rebarMaterialId: ['Please enter a valid value'],
      'stockLengths.1': ['Please enter a valid value'],
      'stockLengths.2': ['Must be at least 1000'],
    });
  });

  it('apply cross-field rules after the fields pass', () => {
    const tolerances = inspectionTypeResource.schemas.input.safeParse({
      code: 'LEN',
      name: 'Length',
      lowerTolerance: 10,
      upperTolerance: -10,
    });
    expect(fieldErrors(tolerances.error?.issues ?? [], 'zh-CN')).toEqual({ lowerTolerance: ['下偏差不能大于上偏差'] });
    const settings = productSettingResource.schemas.input.safeParse({
      wasteLength: 800,
      minTailLength: 500,
      stockLengths: [12000],
    });
    expect(Object.keys(fieldErrors(settings.error?.issues ?? [], 'fr-FR'))).toEqual(['minTailLength']);
  });

  it('give the plant side of a maker resource only the fields it may edit', () => {
    const plant = Object.keys(productSettingResource.schemas.input.shape);
    const maker = Object.keys(productSettingResource.schemas.makerInput.shape);
    expect(plant).not.toContain('kerf');
    expect(maker).toEqual(expect.arrayContaining(['kerf', 'endTrim', 'barsPerCut', ...plant]));
    expect(plant).not.toContain('productId');
  });

  it('derive list capabilities and reference names', () => {
    expect(rebarResource.sortable).toEqual([
      'name',
      'grade',
      'diameter',
      'unitWeight',
      'rebarMaterialId',
      'minStock',
      'minTailLength',
      'wasteLength',
      'creationTime',
    ]);
    expect(rebarResource.searchable).toEqual(['name', 'grade', 'description']);
    expect(rebarResource.filterable).toEqual(['diameter', 'rebarMaterialId']);
    expect(Object.keys(rebarResource.schemas.item.shape)).toContain('rebarMaterialName');
    expect(rebarResource.schemas.listQuery.parse({ diameter: '12' })).toMatchObject({ diameter: 12, skipCount: 0 });
  });
});

describe('rebar specs', () => {
  it('use the GB/T 1499.2 nominal mass for standard diameters and 0.0061654·d² otherwise', () => {
    expect(nominalUnitWeight(12)).toBe(0.888);
    expect(nominalUnitWeight(50)).toBe(15.42);
    expect(nominalUnitWeight(7)).toBe(0.302);
    expect(nominalUnitWeight(26)).toBe(4.168);
  });

  it('derive the name and fill the unit weight only when none is given', () => {
    expect(rebarResource.derive?.({ grade: 'HRB400E', diameter: 12, unitWeight: null })).toEqual({
      name: 'HRB400E Φ12',
      unitWeight: 0.888,
    });
    expect(rebarResource.derive?.({ grade: 'HRB500E', diameter: 25, unitWeight: 3.9 })).toEqual({
      name: rebarSpecName('HRB500E', 25),
      unitWeight: 3.9,
    });
  });
});

describe('menu pages', () => {
  it('sit where their resources say they do: each resource page and plant variant, and no other', () => {
    const placed = Object.entries(MASTER_DATA_PAGES).flatMap(([menu, pages]) =>
      pages.map((page) => `${menu}.${page.key}`),
    );
    const declared = MASTER_DATA_RESOURCES.flatMap((resource) =>
      resource.plantVariant ? [resource.page, resource.plantVariant.page] : [resource.page],
    );
    expect([...placed].sort()).toEqual([...declared].sort());
  });
});

describe('translated names', () => {
  it('show the caller’s language and fall back to the base name', () => {
    const record = { name: '剪切', nameEn: 'Cutting', nameFr: null };
    expect(localizedName(record, 'en-US')).toBe('Cutting');
    expect(localizedName(record, 'fr-FR')).toBe('剪切');
    expect(localizedName(record, 'zh-CN')).toBe('剪切');
    expect(localizedName({ name: '剪切', nameEn: '  ' }, 'en-US')).toBe('剪切');
  });

  it('refuse control characters in text fields', () => {
    expect(hasControlCharacters('a\u0000b')).toBe(true);
    expect(hasControlCharacters('line\n\ttab\r')).toBe(false);
    const parsed = techniqueResource.schemas.input.safeParse({ code: 'X', name: 'a\u0007' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['controlCharacters']);
  });
});
