import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import type { StockLogItem } from '@armature/domain';
import { exportColumns, exportTable } from '../resource/export-columns.ts';
import { ledgerColumns, type LedgerField } from './ledger-columns.tsx';

const label = (field: string) => `fields.${field}`;

const row: StockLogItem = {
  id: 'l1',
  seq: 42,
  kind: 'finished',
  direction: 'out',
  stockId: 's1',
  rebarId: 'r1',
  rebarName: 'HRB400E Φ12',
  grade: 'HRB400E',
  diameter: 12,
  length: 2950,
  heatNo: null,
  locationId: null,
  lotId: null,
  lotCode: null,
  quantity: 10,
  weight: 26.196,
  balanceAfter: 200,
  balanceWeightAfter: 523.92,
  reason: 'delivery',
  sourceType: 'manual',
  sourceId: 'm1',
  sourceCode: 'MV20261121-0001',
  remark: '三号楼',
  operatorId: 'u1',
  operatorName: '李库管',
  time: '2026-11-21T08:30:00.000Z',
};

describe('ledger columns', () => {
  it('show the heat number for raw stock only', () => {
    const keys = (kind: 'raw' | 'finished') =>
      ledgerColumns({ kind, locale: 'zh-CN', label }).map((column) => column.key);
    expect(keys('raw')).toContain('heatNo');
    expect(keys('finished')).not.toContain('heatNo');
    expect(keys('finished')).toEqual([
      'time',
      'direction',
      'rebarName',
      'length',
      'quantity',
      'weight',
      'balanceAfter',
      'reason',
      'sourceCode',
      'operatorName',
      'remark',
    ]);
  });

  it("say each row's stock kind when the rows are of several kinds, and show the fields asked for in their order", () => {
    const keys = (fields?: LedgerField[]) =>
      ledgerColumns({ locale: 'en-US', label, fields }).map((column) => column.key);
    expect(keys()).toContain('kind');
    expect(keys()).not.toContain('heatNo');
    expect(keys()).not.toContain('lotCode');
    expect(keys(['time', 'kind', 'operator'])).toEqual(['time', 'kind', 'operatorName']);
    const [, cells] = exportTable(exportColumns(ledgerColumns({ locale: 'en-US', label, fields: ['kind'] })), [row]);
    expect(cells).toEqual(['Finished pieces']);
  });

  it('export labels in the interface language and numbers as numbers', () => {
    const [header, cells] = exportTable(exportColumns(ledgerColumns({ kind: 'finished', locale: 'en-US', label })), [
      row,
    ]);
    expect(header?.[0]).toBe('fields.time');
    expect(cells).toEqual([
      dayjs(row.time).format('YYYY-MM-DD HH:mm'),
      'Out',
      'HRB400E Φ12',
      2950,
      10,
      26.196,
      200,
      'Delivery',
      'MV20261121-0001',
      '李库管',
      '三号楼',
    ]);
  });
});
