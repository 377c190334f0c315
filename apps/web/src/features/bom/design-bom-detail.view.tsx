import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Divider, Flex } from 'antd';
import {
  BranchesOutlined,
  CheckOutlined,
  CopyOutlined,
  DiffOutlined,
  DownloadOutlined,
  EditOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { BOM_PERMISSIONS, pageUrlOf } from '@armature/domain';
import { DetailCard } from '../../components/detail-card.tsx';
import { useFeedback } from '../../components/feedback.tsx';
import { useHolds, usePageButtons } from '../../components/page-access.ts';
import { fieldItems } from '../../components/resource/field-set.tsx';
import { useListPath } from '../../components/resource/use-record-form.ts';
import { api } from '../../lib/api-client.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { BomStatusTag, versionLabel } from './bom-tags.tsx';
import { BomTreeView } from './bom-tree-view.tsx';
import { useDesignBomFields } from './design-bom-fields.tsx';
import { BOM_PATHS, bomMutations, bomQueries, refreshBoms } from './bom.queries.ts';
import { CompareDialog } from './compare-dialog.tsx';
import { ImportDialog } from './import-dialog.tsx';

/**
 * A design BOM version: its header and totals, the actions its status and the user's buttons allow
 * (a released version is read-only: new version, derive, compare, export), and its tree.
 */
export default function DesignBomDetailView() {
  const { t } = useTranslation(['bom', 'resource']);
  const locale = useLocale();
  const fields = useDesignBomFields();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const listPath = useListPath();
  const { confirm, notify } = useFeedback();
  const queryClient = useQueryClient();
  const buttons = usePageButtons();
  const mayDerive = useHolds(BOM_PERMISSIONS.makeAdd);
  const detail = useQuery(bomQueries.designBom(id));
  const bom = detail.data;
  const [dialog, setDialog] = useState<'compare' | 'import'>();
  const designUrl = pageUrlOf(BOM_PERMISSIONS.design);

  const release = useMutation({
    ...bomMutations.release(id),
    onSuccess: async (released) => {
      notify.success(t('detail.released', { code: versionLabel(released) }));
      await refreshBoms(queryClient);
    },
  });
  const newVersion = useMutation({
    ...bomMutations.newVersion(id),
    onSuccess: (created) => {
      notify.success(t('detail.versionCreated', { code: versionLabel(created) }));
      void refreshBoms(queryClient);
      void navigate(`${designUrl}/detail/${created.id}`, { state: { back: listPath } });
    },
  });
  const derive = useMutation({
    ...bomMutations.derive(),
    onSuccess: (made) => {
      notify.success(t('make.derived', { code: made.code }));
      void refreshBoms(queryClient);
      void navigate(`${pageUrlOf(BOM_PERMISSIONS.make)}/detail/${made.id}`);
    },
  });
  const exportBom = useMutation({
    mutationFn: async () => {
      const [file, { downloadBlob }] = await Promise.all([
        api.download(`${BOM_PATHS.design}/${id}/export`),
        import('../../components/resource/xlsx-export.ts'),
      ]);
      downloadBlob(file.fileName ?? `${bom ? versionLabel(bom) : id}.xlsx`, file.blob);
    },
  });

  const draft = bom?.status === 'draft';
  const released = bom?.status === 'released';
  const askRelease = () =>
    void confirm({
      content: t('detail.releaseConfirm', { code: bom ? versionLabel(bom) : '' }),
      onOk: () => release.mutateAsync(),
    });

  return (
    <DetailCard
      title={
        bom && (
          <Flex gap="small" align="center" wrap>
            {`${versionLabel(bom)} ${bom.name}`}
            <BomStatusTag status={bom.status} />
          </Flex>
        )
      }
      loading={detail.isLoading}
      failed={detail.isError}
      buttons={
        bom && (
          <>
            {draft && buttons.has('update') && (
              <Button
                data-testid="bom-edit"
                icon={<EditOutlined />}
                onClick={() => void navigate(`${designUrl}/update/${bom.id}`, { state: { back: listPath } })}
              >
                {t('resource:actions.edit')}
              </Button>
            )}
            {draft && buttons.has('release') && (
              <Button
                data-testid="bom-release"
                type="primary"
                icon={<CheckOutlined />}
                loading={release.isPending}
                onClick={askRelease}
              >
                {t('detail.release')}
              </Button>
            )}
            {!draft && buttons.has('add') && (
              <Button
                data-testid="bom-new-version"
                icon={<CopyOutlined />}
                loading={newVersion.isPending}
                onClick={() => newVersion.mutate()}
              >
                {t('detail.newVersion')}
              </Button>
            )}
            {released && mayDerive && (
              <Button
                data-testid="bom-derive"
                icon={<BranchesOutlined />}
                loading={derive.isPending}
                onClick={() => derive.mutate(bom.id)}
              >
                {t('make.derive')}
              </Button>
            )}
            <Button data-testid="bom-compare" icon={<DiffOutlined />} onClick={() => setDialog('compare')}>
              {t('compare.open')}
            </Button>
            {buttons.has('export') && (
              <Button
                data-testid="bom-export"
                icon={<DownloadOutlined />}
                loading={exportBom.isPending}
                onClick={() => exportBom.mutate()}
              >
                {t('resource:actions.export')}
              </Button>
            )}
            {draft && buttons.has('import') && (
              <Button data-testid="bom-import" icon={<UploadOutlined />} onClick={() => setDialog('import')}>
                {t('import.open')}
              </Button>
            )}
          </>
        )
      }
    >
      {bom && (
        <>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={fieldItems(fields, bom, [
              'rootPart',
              'productType',
              'version',
              {
                key: 'weight',
                label: t('fields.totalWeight'),
                children: <span data-testid="bom-total-weight">{formatNumber(bom.totals.weight, locale, 3)}</span>,
              },
              {
                key: 'cost',
                label: t('fields.totalCost'),
                children: <span data-testid="bom-total-cost">{formatNumber(bom.totals.cost, locale, 2)}</span>,
              },
              { key: 'parts', label: t('fields.distinctParts'), children: bom.totals.distinctParts },
              'nodeCount',
              'releasedAt',
              'remark',
            ])}
          />
          <Divider titlePlacement="start">{t('detail.tree')}</Divider>
          <BomTreeView key={bom.id} bomId={bom.id} nodes={bom.nodes} editable={draft && buttons.has('update')} />
          {dialog === 'compare' && <CompareDialog bom={bom} onClose={() => setDialog(undefined)} />}
          {dialog === 'import' && <ImportDialog bomId={bom.id} onClose={() => setDialog(undefined)} />}
        </>
      )}
    </DetailCard>
  );
}
