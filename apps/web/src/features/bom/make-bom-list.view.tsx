import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Modal, Select } from 'antd';
import { MAKE_BOM_ENDPOINTS, BOM_PERMISSIONS, pageUrlOf, type MakeBom } from '@armature/domain';
import { DIALOG_WIDTH, useFeedback } from '../../components/feedback.tsx';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { documentField, fieldColumn } from '../../components/resource/field-set.tsx';
import { ListPage } from '../../components/resource/list-page.tsx';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { versionLabel } from './bom-tags.tsx';
import { bomLists, bomMutations, bomQueries, refreshBoms } from './bom.queries.ts';

/** Chooses the released design BOM to derive a manufacturing BOM from. */
function DeriveDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('bom');
  const navigate = useNavigate();
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const boms = useQuery(bomQueries.designBoms());
  const [designBomId, setDesignBomId] = useState<string>();
  const derive = useMutation({
    ...bomMutations.derive(),
    onSuccess: (made) => {
      notify.success(t('make.derived', { code: made.code }));
      void refreshBoms(queryClient);
      void navigate(`${pageUrlOf(BOM_PERMISSIONS.make)}/detail/${made.id}`);
    },
  });
  return (
    <Modal
      open
      width={DIALOG_WIDTH}
      title={t('make.derive')}
      okButtonProps={{ disabled: !designBomId, loading: derive.isPending }}
      onOk={() => designBomId && derive.mutate(designBomId)}
      onCancel={onClose}
    >
      <Select<string>
        data-testid="derive-design"
        style={{ width: '100%' }}
        placeholder={t('make.pickReleased')}
        showSearch={{ optionFilterProp: 'label' }}
        loading={boms.isLoading}
        value={designBomId}
        onChange={setDesignBomId}
        options={boms.data
          ?.filter((bom) => bom.status === 'released')
          .map((bom) => ({ value: bom.id, label: `${versionLabel(bom)} ${bom.name}` }))}
      />
    </Modal>
  );
}

/** Manufacturing BOMs, each derived from a released design BOM version. */
export default function MakeBomListView() {
  const { t } = useTranslation('bom');
  const list = usePagedList<MakeBom>(bomLists.make);
  const actions = useRecordActions<MakeBom>(MAKE_BOM_ENDPOINTS.delete, (bom) => bom.code);
  const [deriving, setDeriving] = useState(false);
  const columns: ListColumn<MakeBom>[] = [
    fieldColumn('code', documentField.code<MakeBom>(t('fields.code'))),
    fieldColumn('name', documentField.name<MakeBom>(t('fields.name'))),
    { title: t('fields.version'), dataIndex: 'designVersion', render: (value: number) => `V${value}` },
    { title: t('fields.nodeCount'), dataIndex: 'nodeCount' },
    fieldColumn('creationTime', documentField.creationTime<MakeBom>(t('fields.creationTime'))),
    actions.column((bom) => [actions.view(bom)]),
  ];
  return (
    <>
      <ListPage<MakeBom>
        title={t('titles.make')}
        list={list}
        columns={columns}
        searchPlaceholder={t('list.search')}
        canExport={actions.buttons.has('export')}
        onAdd={actions.buttons.has('add') ? () => setDeriving(true) : undefined}
        addLabel={t('make.derive')}
        onRow={actions.rowProps}
      />
      {deriving && <DeriveDialog onClose={() => setDeriving(false)} />}
    </>
  );
}
