import { isValidElement, type ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { exportColumns, exportTable } from './export-columns.ts';
import { formatDateTime } from './date-time.ts';
import { defineFields, documentField, fieldColumn, fieldColumns, fieldItems } from './field-set.tsx';

type Plan = {
  id: string;
  code: string;
  weight: number;
  status: 'draft' | 'done';
  remark: string | null;
  creatorName: string | null;
  creationTime: string;
};

const plan: Plan = {
  id: '1',
  code: 'CP-1',
  weight: 1234.5,
  status: 'done',
  remark: 'first',
  creatorName: 'Li',
  creationTime: '2026-11-29T08:30:00.000Z',
};

const fields = defineFields<Plan>()({
  code: documentField.code<Plan>('Code'),
  weight: {
    title: 'Weight',
    dataIndex: 'weight',
    column: { align: 'end', responsive: ['xxl'] },
    render: (row) => `${row.weight} kg`,
    detail: (row) => `${row.weight} kg (net)`,
  },
  status: documentField.status<Plan>(
    'Status',
    (status) => `tag:${status}`,
    (status) => `label:${status}`,
    ['draft', 'done'],
  ),
  remark: documentField.remark<Plan>('Remark'),
  creator: documentField.creator<Plan>('Creator'),
  creationTime: documentField.creationTime<Plan>('Created'),
});

const sortable = (name: string) => ({ key: name, sorter: true, sortOrder: null });

describe('field set', () => {
  it('gives the list its columns in the order asked, sorting only the sortable fields', () => {
    const columns = fieldColumns(fields, ['status', 'code', 'weight', 'creationTime'], sortable);
    expect(columns.map((column) => column.key)).toEqual(['status', 'code', 'weight', 'creationTime']);
    expect(columns.map((column) => 'sorter' in column)).toEqual([true, true, false, true]);
    expect(columns[1]).toMatchObject({ title: 'Code', dataIndex: 'code', fixed: 'start' });
    expect(columns[2]).toMatchObject({ align: 'end', responsive: ['xxl'] });
    expect(columns[2]?.render?.(plan.weight, plan, 0)).toBe('1234.5 kg');
    expect(columns[0]?.render?.(plan.status, plan, 0)).toBe('tag:done');
  });

  it('exports labels, plain values (numbers stay numbers) and the creation time as shown', () => {
    const columns = fieldColumns(fields, ['code', 'weight', 'status', 'creator', 'creationTime'], sortable);
    expect(exportTable(exportColumns(columns), [plan])).toEqual([
      ['Code', 'Weight', 'Status', 'Creator', 'Created'],
      ['CP-1', 1234.5, 'label:done', 'Li', formatDateTime(plan.creationTime)],
    ]);
  });

  it('gives the detail its items: the detail content over the list one, wide fields, items written out', () => {
    const items = fieldItems(fields, plan, [
      'code',
      'weight',
      { key: 'extra', label: 'Extra', children: 'detail only' },
      'remark',
      'creationTime',
    ]);
    expect(items.map((item) => [item.key, item.label, item.children, item.span])).toEqual([
      ['code', 'Code', 'CP-1', undefined],
      ['weight', 'Weight', '1234.5 kg (net)', undefined],
      ['extra', 'Extra', 'detail only', undefined],
      ['remark', 'Remark', 'first', 'filled'],
      ['creationTime', 'Created', formatDateTime(plan.creationTime), undefined],
    ]);
  });

  it('cuts a name short in the list, keeping a width the list asks for', () => {
    const column = fieldColumn('name', documentField.name<{ name: string }>('Name', { width: 150 }), sortable);
    expect(column).toMatchObject({ key: 'name', title: 'Name', dataIndex: 'name', ellipsis: true, width: 150 });
    expect('sorter' in column).toBe(true);
  });

  it('gives the status its values and labels for the list filter', () => {
    const { choices } = fields.status;
    expect(choices?.values).toEqual(['draft', 'done']);
    expect(choices?.values.map((value) => choices.label(value))).toEqual(['label:draft', 'label:done']);
  });

  it('shows the status on the detail where tests find it, with its value', () => {
    const [item] = fieldItems(fields, plan, ['status']);
    expect(isValidElement(item?.children)).toBe(true);
    const element = item?.children as ReactElement<Record<string, unknown>>;
    expect(element.props).toMatchObject({
      'data-testid': 'detail-status',
      'data-status': 'done',
      children: 'tag:done',
    });
  });
});
