import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Breadcrumb } from 'antd';
import { BOM_PERMISSIONS, pageUrlOf } from '@armature/domain';
import { DetailCard } from '../../components/detail-card.tsx';
import { BomTreeView } from './bom-tree-view.tsx';
import { bomQueries } from './bom.queries.ts';

/**
 * `children/:id?bom=…`: the subtree under a node of a design BOM, with its path from the root and the
 * figures per top-level unit of the whole BOM.
 */
export default function SubtreeView() {
  const { t } = useTranslation('bom');
  const { id } = useParams();
  const [params] = useSearchParams();
  const bomId = params.get('bom') ?? '';
  const subtree = useQuery(bomQueries.subtree(bomId, id));
  const data = subtree.data;
  const designUrl = pageUrlOf(BOM_PERMISSIONS.design);
  const nodeUrl = (nodeId: string) => `${designUrl}/children/${nodeId}?bom=${bomId}`;
  return (
    <DetailCard
      title={data && t('subtree.title', { part: `${data.node.partCode} ${data.node.partName}` })}
      loading={subtree.isLoading}
      failed={subtree.isError}
      buttons={<Link to={`${designUrl}/detail/${bomId}`}>{t('subtree.bom')}</Link>}
    >
      {data && (
        <>
          <Breadcrumb
            data-testid="subtree-path"
            style={{ marginBottom: 12 }}
            items={[...data.path, data.node].map((step) => ({
              key: step.id,
              title: step.id === data.node.id ? step.partCode : <Link to={nodeUrl(step.id)}>{step.partCode}</Link>,
            }))}
          />
          <BomTreeView key={data.node.id} bomId={bomId} nodes={data.nodes} editable={false} />
        </>
      )}
    </DetailCard>
  );
}
