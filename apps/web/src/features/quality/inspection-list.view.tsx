import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Skeleton, Tabs } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { INSPECTION_KINDS, INSPECTION_RESULTS, type Inspection, machineLabel } from '@armature/domain';
import { ChoiceFilter, DayRangeFilter, ReferenceFilter, TextFilter } from '../../components/list-filters.tsx';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { fieldColumns } from '../../components/resource/field-set.tsx';
import { ListPage } from '../../components/resource/list-page.tsx';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { useInspectionFields } from './inspection-fields.tsx';
import { qualityLists, qualityMutations, qualityQueries } from './quality.queries.ts';

// recharts loads with the statistics tab, not with the records.
const InspectionStats = lazy(() => import('./inspection-stats.tsx'));

/**
 * Inspection records (`/intelligentProcess/quality/inspection`): receipt and production inspections filtered
 * by kind, result, technique, characteristic, machine, heat and days, exported by the server as .xlsx with
 * their checks; the statistics tab charts the same filtered records (pass rates, control charts).
 */
export default function InspectionListView() {
  const { t } = useTranslation('quality');
  const list = usePagedList<Inspection>(qualityLists.inspections, { defaultSort: 'inspectedAt desc' });
  const actions = useRecordActions<Inspection>(undefined, (inspection) => inspection.code);
  const machines = useQuery(qualityQueries.machines());
  const machineNames = new Map((machines.data ?? []).map((machine) => [machine.id, machineLabel(machine)]));
  const exportFile = useMutation(qualityMutations.exportInspections(t('titles.inspections')));
  const fields = useInspectionFields();
  const [tab, setTab] = useState('records');
  // The export and the statistics take the list's keyword and filters, not its paging.
  const matching = { ...list.filters, filter: list.keyword || undefined };

  const columns: ListColumn<Inspection>[] = [
    ...fieldColumns(
      fields,
      ['code', 'inspectedAt', 'kind', 'technique', 'source', 'equipment', 'heatNo', 'pieceNo', 'result', 'inspector'],
      list.sortable,
    ),
    actions.column((inspection) => [actions.view(inspection)]),
  ];

  const filters = (
    <>
      <ChoiceFilter
        list={list}
        name="kind"
        placeholder={t('fields.kind')}
        values={INSPECTION_KINDS}
        labelOf={(kind) => t(`kind.${kind}`)}
      />
      <ChoiceFilter
        list={list}
        name="result"
        placeholder={t('fields.result')}
        values={INSPECTION_RESULTS}
        labelOf={(result) => t(`result.${result}`)}
      />
      <ReferenceFilter list={list} name="techniqueId" to="technique" placeholder={t('fields.technique')} />
      <ReferenceFilter
        list={list}
        name="inspectionTypeId"
        to="inspectionType"
        placeholder={t('fields.characteristic')}
      />
      {machines.data && (
        <ChoiceFilter
          list={list}
          name="equipmentId"
          placeholder={t('fields.equipment')}
          values={[...machineNames.keys()]}
          labelOf={(id) => machineNames.get(id) ?? id}
        />
      )}
      <TextFilter list={list} name="heatNo" placeholder={t('fields.heatNo')} />
      <DayRangeFilter list={list} name="date" />
    </>
  );

  const records = (
    <ListPage<Inspection>
      title={t('titles.inspections')}
      list={list}
      columns={columns}
      searchPlaceholder={t('list.searchIn')}
      filters={filters}
      // The server's export carries every check of each record, which the table does not show.
      canExport={false}
      tools={
        actions.buttons.has('export') && (
          <Button
            data-testid="inspection-export"
            icon={<DownloadOutlined />}
            loading={exportFile.isPending}
            onClick={() => exportFile.mutate(matching)}
          >
            {t('actions.export', { ns: 'resource' })}
          </Button>
        )
      }
      onRow={actions.rowProps}
    />
  );

  return (
    <Tabs
      activeKey={tab}
      onChange={setTab}
      destroyOnHidden
      items={[
        { key: 'records', label: t('list.records'), children: records },
        {
          key: 'statistics',
          label: <span data-testid="tab-statistics">{t('list.statistics')}</span>,
          children: (
            <Suspense fallback={<Skeleton active />}>
              <InspectionStats filters={matching} machines={machines.data ?? []} filtersBar={filters} />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
