import { useTranslation } from 'react-i18next';
import { Checkbox } from 'antd';
import { DESIGN_BOM_ENDPOINTS, type DesignBom } from '@armature/domain';
import { ReferenceFilter } from '../../components/list-filters.tsx';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { FieldChoiceFilter, fieldColumns } from '../../components/resource/field-set.tsx';
import { ListPage } from '../../components/resource/list-page.tsx';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { useDesignBomFields } from './design-bom-fields.tsx';
import { bomLists } from './bom.queries.ts';

/** Design BOMs, every version (or the newest of each code): a released one is frozen, a draft is edited. */
export default function DesignBomListView() {
  const { t } = useTranslation('bom');
  const list = usePagedList<DesignBom>(bomLists.design, { defaultSort: 'code asc' });
  const actions = useRecordActions<DesignBom>(DESIGN_BOM_ENDPOINTS.delete, (bom) => `${bom.code}-V${bom.version}`);
  const fields = useDesignBomFields();
  const columns: ListColumn<DesignBom>[] = [
    ...fieldColumns(
      fields,
      ['code', 'version', 'name', 'status', 'productType', 'rootPart', 'nodeCount', 'releasedAt', 'creationTime'],
      list.sortable,
    ),
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
          <FieldChoiceFilter list={list} fields={fields} name="status" />
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
