import { useTranslation } from 'react-i18next';
import { TWIN_BOM_ENDPOINTS, type DigitalTwinBom } from '@armature/domain';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { documentField, fieldColumn } from '../../components/resource/field-set.tsx';
import { ListPage } from '../../components/resource/list-page.tsx';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { bomLists } from './bom.queries.ts';

/** Digital-twin BOMs: a design BOM's nodes mapped to the machine twin's elements and their PLC signals. */
export default function TwinBomListView() {
  const { t } = useTranslation('bom');
  const list = usePagedList<DigitalTwinBom>(bomLists.twin);
  const actions = useRecordActions<DigitalTwinBom>(TWIN_BOM_ENDPOINTS.delete, (bom) => bom.code);
  const columns: ListColumn<DigitalTwinBom>[] = [
    fieldColumn('code', documentField.code<DigitalTwinBom>(t('fields.code'))),
    fieldColumn('name', documentField.name<DigitalTwinBom>(t('fields.name'))),
    {
      title: t('fields.designBom'),
      dataIndex: 'designBomCode',
      render: (_value, bom) => `${bom.designBomCode} V${bom.designVersion}`,
    },
    {
      title: t('twin.elements'),
      dataIndex: 'elements',
      render: (_value, bom) => bom.elements.length,
      exportValue: (bom) => bom.elements.length,
    },
    fieldColumn('creationTime', documentField.creationTime<DigitalTwinBom>(t('fields.creationTime'))),
    actions.column((bom) => [actions.edit(bom), actions.delete(bom)]),
  ];
  return (
    <ListPage<DigitalTwinBom>
      title={t('titles.twin')}
      list={list}
      columns={columns}
      searchPlaceholder={t('list.search')}
      canExport={actions.buttons.has('export')}
      onAdd={actions.add}
      onDeleteSelected={actions.deleteSelected}
      onRow={actions.rowProps}
    />
  );
}
