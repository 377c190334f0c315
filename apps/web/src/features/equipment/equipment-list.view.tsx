import { useTranslation } from 'react-i18next';
import { Flex } from 'antd';
import {
  EQUIPMENT_ENDPOINTS,
  OPERATION_STATUSES,
  OPERATION_STATUS_LABELS,
  SALE_STATUSES,
  SALE_STATUS_LABELS,
  type Equipment,
} from '@armature/domain';
import { ChoiceFilter, FILTER_WIDTH, ReferenceFilter } from '../../components/list-filters.tsx';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { ListPage } from '../../components/resource/list-page.tsx';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { useLocale } from '../../lib/i18n.ts';
import { OperationStatusTag, SaleStatusTag } from './equipment-tags.tsx';
import { EQUIPMENT_VARIANTS, type EquipmentVariant } from './equipment.queries.ts';
import { IngestStatsCard } from './ingest-stats-card.tsx';
import { LineSelect } from './line-select.tsx';

/**
 * The machines of the equipment centre: the maker's list of every client's machines (`admin`: add,
 * update, delete, and the telemetry ingest's counts under it) or the plant's list of its current
 * client's (`normal`), with the filters they are looked up by and the export of what matches.
 */
function EquipmentList({ variant }: { variant: EquipmentVariant }) {
  const { t } = useTranslation('equipment');
  const locale = useLocale();
  const list = usePagedList<Equipment>(EQUIPMENT_VARIANTS[variant].list);
  const actions = useRecordActions<Equipment>(
    variant === 'admin' ? EQUIPMENT_ENDPOINTS.delete : undefined,
    (machine) => machine.serialNumber,
  );
  const maker = variant === 'admin';

  const columns: ListColumn<Equipment>[] = [
    { title: t('fields.serialNumber'), dataIndex: 'serialNumber', fixed: 'start', ...list.sortable('serialNumber') },
    { title: t('fields.name'), dataIndex: 'name', ellipsis: true, ...list.sortable('name') },
    { title: t('fields.spec'), dataIndex: 'spec', ellipsis: true, ...list.sortable('spec') },
    { title: t('fields.productType'), dataIndex: 'productTypeName' },
    { title: t('fields.client'), dataIndex: 'clientName', ellipsis: true, ...list.sortable('clientName') },
    { title: t('fields.product'), dataIndex: 'productName', ...list.sortable('productName') },
    {
      title: t('fields.operationStatus'),
      dataIndex: 'operationStatus',
      ...list.sortable('operationStatus'),
      render: (_value, machine) => <OperationStatusTag status={machine.operationStatus} />,
      exportValue: (machine) => OPERATION_STATUS_LABELS[machine.operationStatus][locale],
    },
    {
      title: t('fields.saleStatus'),
      dataIndex: 'saleStatus',
      ...list.sortable('saleStatus'),
      render: (_value, machine) => <SaleStatusTag status={machine.saleStatus} />,
      exportValue: (machine) => SALE_STATUS_LABELS[machine.saleStatus][locale],
    },
    {
      title: t('fields.lastSeen'),
      dataIndex: 'lastSeen',
      ...list.sortable('lastSeen'),
      render: (time: string | null) => (time ? formatDateTime(time) : ''),
      exportValue: (machine) => (machine.lastSeen ? formatDateTime(machine.lastSeen) : ''),
    },
    { title: t('fields.productionDate'), dataIndex: 'productionDate', ...list.sortable('productionDate') },
    { title: t('fields.creatorName'), dataIndex: 'creatorName' },
    actions.column((machine) => [
      actions.view(machine),
      // The plant edits its fields in the detail's edit mode; the maker has the update page.
      ...(maker ? [actions.edit(machine), actions.delete(machine)] : []),
    ]),
  ];

  const page = (
    <ListPage<Equipment>
      title={t(`titles.${variant}`)}
      list={list}
      columns={columns}
      searchPlaceholder={t('list.searchIn')}
      filters={
        <>
          {maker && (
            <ReferenceFilter
              list={list}
              name="clientId"
              to="client"
              placeholder={t('fields.client')}
              clears={['productId']}
            />
          )}
          <LineSelect
            data-testid="filter-productId"
            clientId={list.filters.clientId}
            placeholder={t('fields.product')}
            allowClear
            style={{ width: FILTER_WIDTH }}
            value={list.filters.productId}
            onChange={(value?: string | null) => list.setFilter('productId', value ?? undefined)}
          />
          <ReferenceFilter list={list} name="productTypeId" to="productType" placeholder={t('fields.productType')} />
          <ChoiceFilter
            list={list}
            name="operationStatus"
            placeholder={t('fields.operationStatus')}
            values={OPERATION_STATUSES}
            labelOf={(value) => OPERATION_STATUS_LABELS[value][locale]}
          />
          <ChoiceFilter
            list={list}
            name="saleStatus"
            placeholder={t('fields.saleStatus')}
            values={SALE_STATUSES}
            labelOf={(value) => SALE_STATUS_LABELS[value][locale]}
          />
        </>
      }
      canExport={actions.buttons.has('export')}
      onAdd={maker ? actions.add : undefined}
      onDeleteSelected={maker ? actions.deleteSelected : undefined}
      onRow={actions.rowProps}
    />
  );
  if (!maker) return page;
  return (
    <Flex vertical gap="middle">
      {page}
      <IngestStatsCard />
    </Flex>
  );
}

export const equipmentListScreens = {
  admin: () => <EquipmentList variant="admin" />,
  normal: () => <EquipmentList variant="normal" />,
};
