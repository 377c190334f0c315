import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditOutlined } from '@ant-design/icons';
import { PLC_TASK_ENDPOINTS, type PlcTask } from '@armature/domain';
import { TextFilter } from '../../components/list-filters.tsx';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { documentField, fieldColumn } from '../../components/resource/field-set.tsx';
import { ListPage } from '../../components/resource/list-page.tsx';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { bomLists } from './bom.queries.ts';
import { PlcTaskDrawer } from './plc-task-drawer.tsx';

/** PLC task templates per equipment model; the spec gives the page no sub-routes, so they are edited in a drawer. */
export default function PlcTaskListView() {
  const { t } = useTranslation(['bom', 'resource']);
  const list = usePagedList<PlcTask>(bomLists.plc);
  const actions = useRecordActions<PlcTask>(PLC_TASK_ENDPOINTS.delete, (task) => task.code);
  const [editing, setEditing] = useState<{ task?: PlcTask }>();
  const columns: ListColumn<PlcTask>[] = [
    fieldColumn('code', documentField.code<PlcTask>(t('fields.code'))),
    fieldColumn('name', documentField.name<PlcTask>(t('fields.name'), { width: 150 })),
    { title: t('plc.equipmentModel'), dataIndex: 'equipmentModel' },
    { title: t('plc.technique'), dataIndex: 'techniqueName' },
    { title: t('plc.command'), dataIndex: 'command', ellipsis: true, width: 150 },
    {
      // The command names its parameters ({length}…): the list spells them out only on wide screens, so
      // the creation time and the actions stay on a 1280 px one. The export always has them.
      title: t('plc.parameters'),
      dataIndex: 'parameters',
      ellipsis: true,
      responsive: ['xxl'],
      render: (_value, task) => task.parameters.map((parameter) => parameter.name).join(', '),
      exportValue: (task) => task.parameters.map((parameter) => parameter.name).join(', '),
    },
    fieldColumn('creationTime', documentField.creationTime<PlcTask>(t('fields.creationTime'))),
    actions.column((task) => [
      {
        key: 'edit',
        label: t('resource:actions.edit'),
        icon: <EditOutlined />,
        visible: actions.buttons.has('update'),
        onClick: () => setEditing({ task }),
      },
      actions.delete(task),
    ]),
  ];
  return (
    <>
      <ListPage<PlcTask>
        title={t('titles.plc')}
        list={list}
        columns={columns}
        searchPlaceholder={t('list.search')}
        filters={<TextFilter list={list} name="equipmentModel" placeholder={t('plc.equipmentModel')} />}
        canExport={actions.buttons.has('export')}
        onAdd={actions.buttons.has('add') ? () => setEditing({}) : undefined}
        onDeleteSelected={actions.deleteSelected}
        onRow={actions.rowProps}
      />
      {editing && <PlcTaskDrawer task={editing.task} onClose={() => setEditing(undefined)} />}
    </>
  );
}
