import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../lib/i18n.ts';
import { ColumnChooser } from './column-chooser.tsx';
import { ListPage } from './list-page.tsx';
import { useRecordActions } from './record-actions.tsx';
import { resourceColumns } from './resource-columns.tsx';
import type { ResourceEndpoint } from '@armature/domain';
import { crudOf, type ResourceItem } from './resource-endpoint.ts';
import { ResourceFilters } from './resource-filters.tsx';
import { listColumnNames, type ResourceViewConfig } from './resource-view-config.ts';
import { usePagedList } from './use-paged-list.ts';

type ResourceListViewProps = {
  endpoint: ResourceEndpoint;
  view: ResourceViewConfig;
  /** The menu page has a `detail/:id` sub-route: rows offer "view". */
  hasDetail: boolean;
};

/**
 * The list page of any resource, from its definition: server-side paging, sorting, keyword search and
 * one filter per filterable field; add, edit, delete and export as the page's buttons and the
 * resource's operations allow.
 */
export function ResourceListView({ endpoint, view, hasDetail }: ResourceListViewProps) {
  const { t } = useTranslation('resource');
  const locale = useLocale();
  const { resource } = endpoint;
  const crud = crudOf(endpoint);
  const list = usePagedList<ResourceItem>(crud.list);
  const actions = useRecordActions<ResourceItem>(crud.delete, (item) => String(item[resource.labelField] ?? item.id));
  const [hidden, setHidden] = useState<Set<string>>(() => new Set(view.hiddenColumns));
  const can = (operation: 'create' | 'update' | 'delete') => resource.operations.includes(operation);

  const fieldColumns = resourceColumns({
    resource,
    names: listColumnNames(resource, view),
    locale,
    creationTimeTitle: t('fields.creationTime'),
    separator: t('list.separator'),
    sortable: list.sortable,
  });
  const rowActions = actions.column((item) => [
    ...(hasDetail ? [actions.view(item)] : []),
    ...(can('update') ? [actions.edit(item)] : []),
    ...(can('delete') ? [actions.delete(item)] : []),
  ]);
  const searchIn = resource.searchable.flatMap((name) => resource.fields[name]?.label[locale] ?? []);

  return (
    <ListPage<ResourceItem>
      title={resource.label[locale]}
      list={list}
      columns={[...fieldColumns.filter((column) => !hidden.has(String(column.key))), rowActions]}
      searchPlaceholder={
        searchIn.length > 0 ? t('list.searchIn', { fields: searchIn.join(t('list.separator')) }) : undefined
      }
      filters={<ResourceFilters resource={resource} list={list} />}
      tools={
        <ColumnChooser
          columns={fieldColumns.map((column) => ({ key: String(column.key), title: String(column.title) }))}
          hidden={hidden}
          onChange={setHidden}
        />
      }
      canExport={actions.buttons.has('export')}
      onAdd={can('create') ? actions.add : undefined}
      onDeleteSelected={can('delete') ? actions.deleteSelected : undefined}
      onRow={actions.rowProps}
    />
  );
}
