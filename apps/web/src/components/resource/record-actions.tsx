import type { HTMLAttributes, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button, Space, Tooltip, type TableColumnType } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { usePageButtons } from '../page-access.ts';
import { useDeleteRecords } from './use-delete-records.ts';
import type { DeleteEndpoint } from './resource.queries.ts';

export type RowAction = {
  /** Also names the test id: `row-<key>-<record label>`. */
  key: string;
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** False hides the action (a button the user does not hold, or one that does not apply). */
  visible: boolean;
  danger?: boolean;
};

/** Icon buttons of a table row, each with its label as tooltip and accessible name. */
function RowActions({ record, actions }: { record: string; actions: RowAction[] }) {
  return (
    <Space size={0}>
      {actions
        .filter((action) => action.visible)
        .map((action) => (
          <Tooltip key={action.key} title={action.label}>
            <Button
              data-testid={`row-${action.key}-${record}`}
              type="text"
              size="small"
              aria-label={action.label}
              icon={action.icon}
              danger={action.danger}
              onClick={action.onClick}
            />
          </Tooltip>
        ))}
    </Space>
  );
}

/**
 * The actions of a list page on its records, each offered only with its button permission:
 * add and update open the sub-routes below the page url, delete asks through the global confirm dialog.
 * `label` names a record in messages and test ids (its user name, role name…).
 */
export function useRecordActions<T extends { id: string }>(
  resource: DeleteEndpoint | undefined,
  label: (record: T) => string,
) {
  const { t } = useTranslation('resource');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  // The add and update pages return to the list as it was (its page, sorting and filters are in `search`).
  const open = (subRoute: string) =>
    void navigate(`${pathname}/${subRoute}`, { state: { back: `${pathname}${search}` } });
  const buttons = usePageButtons();
  const deleteRecords = useDeleteRecords(resource);
  const toDelete = (records: T[]) => records.map((record) => ({ id: record.id, label: label(record) }));

  return {
    buttons,
    add: buttons.has('add') ? () => open('add') : undefined,
    deleteSelected:
      resource !== undefined && buttons.has('delete')
        ? (records: T[], onDone: () => void) => void deleteRecords(toDelete(records), onDone)
        : undefined,
    /** Opens the read-only page `detail/:id`; offer it only where the menu page has that sub-route. */
    view: (record: T): RowAction => ({
      key: 'view',
      label: t('actions.view'),
      icon: <EyeOutlined />,
      visible: true,
      onClick: () => open(`detail/${record.id}`),
    }),
    edit: (record: T): RowAction => ({
      key: 'edit',
      label: t('actions.edit'),
      icon: <EditOutlined />,
      visible: buttons.has('update'),
      onClick: () => open(`update/${record.id}`),
    }),
    delete: (record: T, deletable = true): RowAction => ({
      key: 'delete',
      label: t('actions.delete'),
      icon: <DeleteOutlined />,
      danger: true,
      visible: buttons.has('delete') && deletable,
      onClick: () => void deleteRecords(toDelete([record])),
    }),
    /** Props of each table row: the test id `row-<record label>`. */
    rowProps: (record: T) => ({ 'data-testid': `row-${label(record)}` }) as HTMLAttributes<HTMLElement>,
    /** The last column: the given actions of each row (no field, so it does not export). */
    column: (actions: (record: T) => RowAction[]): TableColumnType<T> => ({
      title: t('list.actions'),
      key: 'actions',
      fixed: 'end',
      render: (_value, record) => <RowActions record={label(record)} actions={actions(record)} />,
    }),
  };
}
