import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Flex, Input, Table } from 'antd';
import { DeleteOutlined, DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import type { PagedResult } from '@armature/domain';
import { exportColumns, type ListColumn } from './export-columns.ts';
import type { PagedList } from './use-paged-list.ts';

type ListPageProps<T extends { id: string }, P extends PagedResult<T>> = {
  /** Also names the exported file. */
  title: string;
  list: PagedList<T, P>;
  columns: ListColumn<T>[];
  /** Omitted when the list has no keyword search (nothing to search in). */
  searchPlaceholder?: string;
  /** Filters shown after the search box. */
  filters?: ReactNode;
  /** Further toolbar buttons, before the bulk delete (a column chooser). */
  tools?: ReactNode;
  /** Shown between the toolbar and the table (totals of the matching rows). */
  summary?: ReactNode;
  /** The user holds the page's export button: every row matching the filters downloads as an .xlsx file. */
  canExport: boolean;
  /** Omitted when the user may not add. */
  onAdd?: () => void;
  /** The add button's text when "add" says too little (receiving bars, recording a move). */
  addLabel?: string;
  /** Omitted when the user may not delete; called with the selected rows and what clears the selection. */
  onDeleteSelected?: (rows: T[], onDone: () => void) => void;
  /** Props of each row (its test id). */
  onRow?: (row: T) => HTMLAttributes<HTMLElement>;
  /** Rows that may not be deleted cannot be selected. */
  canDelete?: (row: T) => boolean;
  /** Rows can be selected for the page's own bulk actions (in `tools`), without a bulk delete. */
  selectable?: boolean;
};

/**
 * The width of a column that cuts its text short (`ellipsis`) and names none: without one, the table
 * (as wide as its content) gives the column its whole text — a plan's specs took 512 px and pushed
 * weight, rate and status out of a 1280 px screen. The whole text stays in the cell's title.
 */
const ELLIPSIS_WIDTH = 180;

/**
 * A list with fixed columns lays its table out by content (antd's `auto` layout with `scroll.x`), where a
 * column's width is only a least width: the cell's content is held to it, so the text is cut there.
 */
const boundedColumns = <T,>(columns: ListColumn<T>[]): ListColumn<T>[] =>
  columns.map((column) => {
    if (!column.ellipsis) return column;
    const width = column.width ?? ELLIPSIS_WIDTH;
    const { render } = column;
    return {
      ...column,
      width,
      render: (value: unknown, row: T, index: number) => {
        const shown = (render ? render(value, row, index) : value) as ReactNode;
        return (
          <div
            title={typeof shown === 'string' ? shown : undefined}
            style={{ maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {shown}
          </div>
        );
      },
    };
  });

/** A server-paged list page: toolbar (search, filters, bulk delete, export, add) above the table. */
export function ListPage<T extends { id: string }, P extends PagedResult<T> = PagedResult<T>>({
  title,
  list,
  columns,
  searchPlaceholder,
  filters,
  tools,
  summary,
  canExport,
  onAdd,
  addLabel,
  onDeleteSelected,
  onRow,
  canDelete = () => true,
  selectable = false,
}: ListPageProps<T, P>) {
  const { t } = useTranslation('resource');
  const { selectedRows } = list;
  const exportRows = useMutation({
    mutationFn: async () => {
      // The spreadsheet writer loads on the first export, keeping it out of the pages' bundle.
      const [{ xlsxBlob, downloadBlob }, rows] = await Promise.all([import('./xlsx-export.ts'), list.fetchAll()]);
      downloadBlob(
        `${title}-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`,
        await xlsxBlob(title, exportColumns(columns), rows),
      );
    },
  });
  return (
    <Card title={title}>
      <Flex gap="small" wrap align="center" style={{ marginBottom: 12 }}>
        {searchPlaceholder !== undefined && (
          <Input.Search
            data-testid="list-search"
            allowClear
            defaultValue={list.keyword}
            placeholder={searchPlaceholder}
            onSearch={list.search}
            style={{ width: 320, maxWidth: '100%' }}
          />
        )}
        {filters}
        <Flex gap="small" wrap style={{ marginInlineStart: 'auto' }}>
          {tools}
          {onDeleteSelected && (
            <Button
              data-testid="list-delete-selected"
              danger
              icon={<DeleteOutlined />}
              disabled={selectedRows.length === 0}
              onClick={() => onDeleteSelected(selectedRows, list.clearSelection)}
            >
              {t('actions.deleteSelected', { count: selectedRows.length })}
            </Button>
          )}
          {canExport && (
            <Button
              data-testid="list-export"
              icon={<DownloadOutlined />}
              loading={exportRows.isPending}
              onClick={() => exportRows.mutate()}
            >
              {t('actions.export')}
            </Button>
          )}
          {onAdd && (
            <Button data-testid="list-add" type="primary" icon={<PlusOutlined />} onClick={onAdd}>
              {addLabel ?? t('actions.add')}
            </Button>
          )}
        </Flex>
      </Flex>
      {summary}
      <Table<T>
        data-testid="list-table"
        size="small"
        columns={boundedColumns(columns)}
        scroll={{ x: 'max-content' }}
        onRow={onRow}
        {...list.tableProps}
        rowSelection={
          onDeleteSelected
            ? { ...list.selection, getCheckboxProps: (row: T) => ({ disabled: !canDelete(row) }) }
            : selectable
              ? list.selection
              : undefined
        }
      />
    </Card>
  );
}
