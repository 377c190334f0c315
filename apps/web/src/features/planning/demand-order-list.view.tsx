import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { CheckOutlined, FileExcelOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import {
  DEMAND_ORDER_STATUSES,
  DEMAND_ORDER_STATUS_LABELS,
  DEMAND_PRIORITIES,
  DEMAND_PRIORITY_LABELS,
  type DemandOrder,
} from '@armature/domain';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { ListPage } from '../../components/resource/list-page.tsx';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, wholeNumbers } from '../../lib/number-format.ts';
import { DemandDueDate, DemandPriorityTag, DemandStatusTag } from './demand-tags.tsx';
import { IMPORT_ACCEPT, handOffImport } from './import-handoff.ts';
import { DEMAND_ORDERS, planningLists, planningMutations } from './planning.queries.ts';
import { useOrderActions } from './use-order-actions.tsx';
import { ChoiceFilter, DayRangeFilter } from '../../components/list-filters.tsx';

/**
 * Demand orders (`/productionPlan/plan/demandOrder`): the bar bending schedules of the current product,
 * urgent and due first, with the filters a planner looks one up by. "Import" picks a schedule file and
 * opens the add page on its preview; rows offer what their status allows.
 */
export default function DemandOrderListView() {
  const { t } = useTranslation('planning');
  const locale = useLocale();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const list = usePagedList<DemandOrder>(planningLists.orders);
  const actions = useRecordActions<DemandOrder>(DEMAND_ORDERS, (order) => order.code);
  const orderActions = useOrderActions();
  const { may } = orderActions;
  const fileInput = useRef<HTMLInputElement>(null);
  const template = useMutation(planningMutations.template(t('import.templateName')));

  const columns: ListColumn<DemandOrder>[] = [
    { title: t('fields.code'), dataIndex: 'code', fixed: 'start', ...list.sortable('code') },
    // Narrower than a list's usual cut-short column: the due date carries its overdue tag, and the creation
    // time must still show on a 1280 px screen.
    { title: t('fields.project'), dataIndex: 'project', ellipsis: true, width: 140, ...list.sortable('project') },
    { title: t('fields.element'), dataIndex: 'element', ellipsis: true, width: 140 },
    {
      title: t('fields.demandDate'),
      dataIndex: 'demandDate',
      ...list.sortable('demandDate'),
      render: (_value, order) => <DemandDueDate order={order} />,
      exportValue: (order) => order.demandDate,
    },
    {
      title: t('fields.priority'),
      dataIndex: 'priority',
      ...list.sortable('priority'),
      render: (_value, order) => <DemandPriorityTag priority={order.priority} />,
      exportValue: (order) => DEMAND_PRIORITY_LABELS[order.priority][locale],
    },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      ...list.sortable('status'),
      render: (_value, order) => <DemandStatusTag status={order.status} />,
      exportValue: (order) => DEMAND_ORDER_STATUS_LABELS[order.status][locale],
    },
    { title: t('fields.lineCount'), dataIndex: 'lineCount', align: 'end', render: wholeNumbers(locale) },
    {
      title: t('fields.totalWeight'),
      dataIndex: 'totalWeight',
      align: 'end',
      ...list.sortable('totalWeight'),
      render: (weight: number) => formatKg(weight, locale),
    },
    { title: t('fields.creator'), dataIndex: 'creatorName' },
    {
      title: t('fields.creationTime'),
      dataIndex: 'creationTime',
      ...list.sortable('creationTime'),
      render: formatDateTime,
      exportValue: (order) => formatDateTime(order.creationTime),
    },
    actions.column((order) => [
      actions.view(order),
      { ...actions.edit(order), visible: may.update(order) },
      {
        key: 'confirm',
        label: t('actions.confirm'),
        icon: <CheckOutlined />,
        visible: may.confirm(order),
        onClick: () => void orderActions.confirm(order),
      },
      {
        key: 'cancel',
        label: t('actions.cancelOrder'),
        icon: <StopOutlined />,
        danger: true,
        visible: may.cancel(order),
        onClick: () => orderActions.cancel(order),
      },
      { ...actions.delete(order), visible: may.delete(order), onClick: () => void orderActions.remove(order) },
    ]),
  ];

  const importFile = (file: File | undefined) => {
    if (!file) return;
    handOffImport(file);
    void navigate(`${pathname}/add`, { state: { back: `${pathname}${search}`, importing: true } });
  };

  return (
    <>
      <ListPage<DemandOrder>
        title={t('titles.orders')}
        list={list}
        columns={columns}
        searchPlaceholder={t('list.searchIn')}
        filters={
          <>
            <ChoiceFilter
              list={list}
              name="status"
              placeholder={t('fields.status')}
              values={DEMAND_ORDER_STATUSES}
              labelOf={(value) => DEMAND_ORDER_STATUS_LABELS[value][locale]}
            />
            <ChoiceFilter
              list={list}
              name="priority"
              placeholder={t('fields.priority')}
              values={DEMAND_PRIORITIES}
              labelOf={(value) => DEMAND_PRIORITY_LABELS[value][locale]}
            />
            <DayRangeFilter
              list={list}
              name="demandDate"
              placeholder={[t('list.demandDateFrom'), t('list.demandDateTo')]}
            />
          </>
        }
        tools={
          actions.buttons.has('import') && (
            <>
              <Button
                data-testid="demand-template"
                icon={<FileExcelOutlined />}
                loading={template.isPending}
                onClick={() => template.mutate()}
              >
                {t('import.template')}
              </Button>
              {actions.buttons.has('add') && (
                <Button
                  data-testid="demand-import"
                  icon={<UploadOutlined />}
                  onClick={() => fileInput.current?.click()}
                >
                  {t('import.button')}
                </Button>
              )}
              <input
                ref={fileInput}
                data-testid="demand-import-file"
                type="file"
                accept={IMPORT_ACCEPT}
                hidden
                onChange={(event) => {
                  importFile(event.target.files?.[0]);
                  event.target.value = '';
                }}
              />
            </>
          )
        }
        canExport={actions.buttons.has('export')}
        onAdd={actions.add}
        onRow={actions.rowProps}
      />
      {orderActions.dialogs}
    </>
  );
}
