import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { Button } from 'antd';
import { CheckOutlined, FileExcelOutlined, StopOutlined, UploadOutlined } from '@ant-design/icons';
import { DEMAND_ORDER_ENDPOINTS, type DemandOrder } from '@armature/domain';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { FieldChoiceFilter, fieldColumns } from '../../components/resource/field-set.tsx';
import { ListPage } from '../../components/resource/list-page.tsx';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { useDemandOrderFields } from './demand-order-fields.tsx';
import { IMPORT_ACCEPT, handOffImport } from './import-handoff.ts';
import { planningLists, planningMutations } from './planning.queries.ts';
import { useOrderActions } from './use-order-actions.tsx';
import { DayRangeFilter } from '../../components/list-filters.tsx';

/**
 * Demand orders (`/productionPlan/plan/demandOrder`): the bar bending schedules of the current product,
 * urgent and due first, with the filters a planner looks one up by. "Import" picks a schedule file and
 * opens the add page on its preview; rows offer what their status allows.
 */
export default function DemandOrderListView() {
  const { t } = useTranslation('planning');
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const list = usePagedList<DemandOrder>(planningLists.orders);
  const actions = useRecordActions<DemandOrder>(DEMAND_ORDER_ENDPOINTS.delete, (order) => order.code);
  const orderActions = useOrderActions();
  const { may } = orderActions;
  const fileInput = useRef<HTMLInputElement>(null);
  const template = useMutation(planningMutations.template(t('import.templateName')));

  const fields = useDemandOrderFields();

  const columns: ListColumn<DemandOrder>[] = [
    ...fieldColumns(
      fields,
      [
        'code',
        'project',
        'element',
        'demandDate',
        'priority',
        'status',
        'lineCount',
        'totalWeight',
        'creator',
        'creationTime',
      ],
      list.sortable,
    ),
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
            <FieldChoiceFilter list={list} fields={fields} name="status" />
            <FieldChoiceFilter list={list} fields={fields} name="priority" />
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
