import { describe, expect, it } from 'vitest';
import {
  inspectionTypeResource,
  maintenanceVisitResource,
  productSettingResource,
  rebarResource,
  techniqueResource,
} from '@armature/domain';
import { crossFieldErrors } from './cross-field-errors.ts';
import { exportColumns, exportTable } from './export-columns.ts';
import { resourceEndpoints } from '@armature/domain';
import { defaultValues, formFields } from './resource-endpoint.ts';
import { resourceColumns } from './resource-columns.tsx';
import type { ResourceItem } from './resource-endpoint.ts';
import { listColumnNames } from './resource-view-config.ts';
import { fieldValue } from './field-values.ts';

const columnsOf = (
  resource: typeof rebarResource | typeof techniqueResource | typeof maintenanceVisitResource,
  view = {},
) =>
  resourceColumns({
    resource,
    names: listColumnNames(resource, view),
    locale: 'en-US',
    creationTimeTitle: 'Created',
    separator: ', ',
    sortable: (field) => ({ key: field, sorter: true }),
  });

const rebar: ResourceItem = {
  id: 'r1',
  creationTime: '2026-01-02T03:04:00.000Z',
  lastModificationTime: null,
  name: 'HRB400E Φ12',
  grade: 'HRB400E',
  diameter: 12,
  unitWeight: 0.888,
  rebarMaterialId: 'm1',
  rebarMaterialName: 'HRB400E steel',
  stockLengths: [9000, 12000],
  description: null,
};

describe('resource list columns', () => {
  it('lists every field not hidden from lists, then the creation time', () => {
    expect(columnsOf(techniqueResource).map((column) => column.key)).toEqual([
      'code',
      'name',
      'index',
      'stage',
      'creationTime',
    ]);
  });

  it('follows a configured column order', () => {
    expect(columnsOf(rebarResource, { columns: ['diameter', 'name'] }).map((column) => column.key)).toEqual([
      'diameter',
      'name',
    ]);
  });

  it('titles numbers with their unit, aligns them right and shows references by name', () => {
    const byKey = new Map(columnsOf(rebarResource).map((column) => [column.key, column]));
    expect(byKey.get('diameter')).toMatchObject({ title: 'Diameter (mm)', align: 'end', sorter: true });
    expect(byKey.get('rebarMaterialId')).toMatchObject({ title: 'Material', dataIndex: 'rebarMaterialName' });
    // Lists of numbers do not sort on the server.
    expect(byKey.get('stockLengths')?.sorter).toBeUndefined();
  });

  it('exports numbers as numbers, references by name and lists joined', () => {
    const [header, row] = exportTable(exportColumns(columnsOf(rebarResource)), [rebar]);
    expect(header).toEqual([
      'Spec',
      'Grade',
      'Diameter (mm)',
      'Unit weight (kg/m)',
      'Material',
      'Stock lengths (mm)',
      'Minimum stock (kg)',
      'Minimum reusable tail (mm)',
      'Waste length (mm)',
      'Created',
    ]);
    expect(row?.slice(0, 6)).toEqual(['HRB400E Φ12', 'HRB400E', 12, 0.888, 'HRB400E steel', '9000, 12000']);
  });
});

describe('date and part-list fields', () => {
  const visit: ResourceItem = {
    id: 'v1',
    creationTime: '2026-11-20T03:04:00.000Z',
    lastModificationTime: null,
    code: 'FW-0001',
    clientId: 'c1',
    clientName: 'Hengli',
    equipmentSerial: 'GJW16-2403-0117',
    visitDate: '2026-11-20',
    technician: 'Li',
    workDone: 'Blades changed',
    partsUsed: [
      { id: 'p1', quantity: 2, name: 'Upper blade' },
      { id: 'p2', quantity: 1.5, name: null },
    ],
    nextVisitDate: null,
  };

  it('sorts by a date, shows it as the plant day, and keeps the part list to forms, detail and export', () => {
    const columns = columnsOf(maintenanceVisitResource);
    const byKey = new Map(columns.map((column) => [column.key, column]));
    expect(byKey.get('visitDate')).toMatchObject({ title: 'Visit date', sorter: true });
    expect(byKey.has('partsUsed')).toBe(false);
    const [, row] = exportTable(exportColumns(columns), [visit]);
    expect(row?.slice(0, 5)).toEqual(['FW-0001', 'Hengli', 'GJW16-2403-0117', '2026-11-20', 'Li']);
  });

  it('reads a part list as names and quantities, a deleted part by its id', () => {
    const field = maintenanceVisitResource.fields.partsUsed;
    expect(fieldValue(visit, 'partsUsed', field, 'en-US', ', ')).toBe('Upper blade × 2, p2 × 1.5');
    expect(fieldValue({ ...visit, partsUsed: [] }, 'partsUsed', field, 'en-US', ', ')).toBeNull();
  });
});

describe('resource forms', () => {
  it('locks the maker-only fields on the plant variant only', () => {
    const [main, plant] = resourceEndpoints([productSettingResource]);
    expect(plant?.path).toBe('product-setting/normal');
    const locked = (endpoint: typeof main) =>
      formFields(endpoint!).flatMap((field) => (field.locked ? [field.name] : []));
    expect(locked(main)).toEqual([]);
    expect(locked(plant)).toEqual(['kerf', 'endTrim', 'barsPerCut']);
    // The product is set by the server, never edited.
    expect(formFields(main!).map((field) => field.name)).not.toContain('productId');
  });

  it('starts a new record with the declared defaults', () => {
    expect(defaultValues(techniqueResource)).toEqual({ index: 0, stage: 'production' });
  });

  it('turns a broken cross-field rule into a localized field error', () => {
    expect(crossFieldErrors(inspectionTypeResource, { lowerTolerance: 2, upperTolerance: 1 }, 'en-US')).toEqual([
      { name: 'lowerTolerance', errors: ['The lower tolerance cannot exceed the upper tolerance'] },
    ]);
    expect(crossFieldErrors(inspectionTypeResource, { lowerTolerance: -1, upperTolerance: 1 }, 'en-US')).toEqual([]);
  });
});
