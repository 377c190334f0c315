import { useTranslation } from 'react-i18next';
import { Checkbox } from 'antd';
import { DESIGN_BOM_STATUSES, type DesignBom } from '@armature/domain';
import { ChoiceFilter, ReferenceFilter } from '../../components/list-filters.tsx';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { ListPage } from '../../components/resource/list-page.tsx';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { BomStatusTag } from './bom-tags.tsx';
import { BOM_PATHS, bomLists } from './bom.queries.ts';

/** Design BOMs, every version (or the newest of each code): a released one is frozen, a draft is edited. */
export default function DesignBomListView() {
  const { t } = useTranslation('bom');
  const list = usePagedList<DesignBom>(bomLists.design, { defaultSort: 'code asc' });
  const actions = useRecordActions<DesignBom>(BOM_PATHS.design, (bom) => `${bom.code}-V${bom.version}`);
  const columns: ListColumn<DesignBom>[] = [
    { title: t('fields.code'), dataIndex: 'code', fixed: 'start', ...list.sortable('code') },
    {
      title: t('fields.version'),
      dataIndex: 'version',
      ...list.sortable('version'),
      render: (value: number) => `V${value}`,
    },
    { title: t('fields.name'), dataIndex: 'name', ellipsis: true, ...list.sortable('name') },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      ...list.sortable('status'),
      render: (_value, bom) => <BomStatusTag status={bom.status} />,
      exportValue: (bom) => t(`status.${bom.status}`),
    },
    { title: t('fields.productType'), dataIndex: 'productTypeName' },
    { title: t('fields.rootPart'), dataIndex: 'partCode', render: (_value, bom) => `${bom.partCode} ${bom.partName}` },
    // Secondary: the tree shows it; below 1600 px the creation time needs its room.
    { title: t('fields.nodeCount'), dataIndex: 'nodeCount', responsive: ['xxl'] },
    {
      title: t('fields.releasedAt'),
      dataIndex: 'releasedAt',
      render: (time: string | null) => (time ? formatDateTime(time) : ''),
    },
    {
      title: t('fields.creationTime'),
      dataIndex: 'creationTime',
      ...list.sortable('creationTime'),
      render: (time: string) => formatDateTime(time),
    },
    actions.column((bom) => [
      actions.view(bom),
      { ...actions.edit(bom), visible: actions.buttons.has('update') && bom.status === 'draft' },
      actions.delete(bom, bom.status === 'draft'),
    ]),
  ];
  return (
    <ListPage<DesignBom>
      title={t('titles.design')}
      list={list}
      columns={columns}
      searchPlaceholder={t('list.search')}
      filters={
        <>
          <ChoiceFilter
            list={list}
            name="status"
            placeholder={t('fields.status')}
            values={DESIGN_BOM_STATUSES}
            labelOf={(status) => t(`status.${status}`)}
          />
          <ReferenceFilter list={list} name="productTypeId" to="productType" placeholder={t('fields.productType')} />
          <Checkbox
            data-testid="filter-latestOnly"
            checked={list.filters.latestOnly === 'true'}
            onChange={(event) => list.setFilter('latestOnly', event.target.checked ? 'true' : undefined)}
          >
            {t('list.latestOnly')}
          </Checkbox>
        </>
      }
      canExport={actions.buttons.has('export')}
      onAdd={actions.add}
      onDeleteSelected={actions.deleteSelected}
      canDelete={(bom) => bom.status === 'draft'}
      onRow={actions.rowProps}
    />
  );
}
