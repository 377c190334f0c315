import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Card, Flex, Input, Table, type TableColumnsType } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { PagedList } from './use-paged-list.ts';

type ListPageProps<T extends { id: string }> = {
  title: ReactNode;
  list: PagedList<T>;
  columns: TableColumnsType<T>;
  searchPlaceholder: string;
  /** Filters shown after the search box. */
  filters?: ReactNode;
  /** Omitted when the user may not add. */
  onAdd?: () => void;
  /** Omitted when the user may not delete; called with the selected rows and what clears the selection. */
  onDeleteSelected?: (rows: T[], onDone: () => void) => void;
  /** Props of each row (its test id). */
  onRow?: (row: T) => HTMLAttributes<HTMLElement>;
  /** Rows that may not be deleted cannot be selected. */
  canDelete?: (row: T) => boolean;
};

/** A server-paged list page: toolbar (search, filters, bulk delete, add) above the table. */
export function ListPage<T extends { id: string }>({
  title,
  list,
  columns,
  searchPlaceholder,
  filters,
  onAdd,
  onDeleteSelected,
  onRow,
  canDelete = () => true,
}: ListPageProps<T>) {
  const { t } = useTranslation('rbac');
  const { selectedRows } = list;
  return (
    <Card title={title}>
      <Flex gap="small" wrap align="center" style={{ marginBottom: 12 }}>
        <Input.Search
          data-testid="list-search"
          allowClear
          defaultValue={list.keyword}
          placeholder={searchPlaceholder}
          onSearch={list.search}
          style={{ width: 320 }}
        />
        {filters}
        <Flex gap="small" style={{ marginInlineStart: 'auto' }}>
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
          {onAdd && (
            <Button data-testid="list-add" type="primary" icon={<PlusOutlined />} onClick={onAdd}>
              {t('actions.add')}
            </Button>
          )}
        </Flex>
      </Flex>
      <Table<T>
        data-testid="list-table"
        size="small"
        columns={columns}
        scroll={{ x: 'max-content' }}
        onRow={onRow}
        {...list.tableProps}
        rowSelection={
          onDeleteSelected && {
            ...list.selection,
            getCheckboxProps: (row: T) => ({ disabled: !canDelete(row) }),
          }
        }
      />
    </Card>
  );
}
