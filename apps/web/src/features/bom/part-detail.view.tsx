import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Table } from 'antd';
import { BOM_PERMISSIONS, pageUrlOf } from '@armature/domain';
import { AttachmentPanel } from '../../components/attachments/attachment-panel.tsx';
import { usePageButtons } from '../../components/page-access.ts';
import { ResourceDetailView } from '../../components/resource/resource-detail.view.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { BomStatusTag, versionLabel } from './bom-tags.tsx';
import { bomQueries, partFiles } from './bom.queries.ts';
import { SPARE_PART_ENDPOINT } from './spare-part.view-config.ts';

function WhereUsed({ partId }: { partId: string }) {
  const { t } = useTranslation('bom');
  const locale = useLocale();
  const used = useQuery(bomQueries.whereUsed(partId));
  const designUrl = pageUrlOf(BOM_PERMISSIONS.design);
  const makeUrl = pageUrlOf(BOM_PERMISSIONS.make);
  return (
    <Card title={t('part.whereUsed')} data-testid="where-used">
      <Table
        size="small"
        rowKey="id"
        loading={used.isLoading}
        scroll={{ x: 'max-content' }}
        pagination={false}
        dataSource={used.data?.designBoms}
        columns={[
          {
            title: t('fields.bom'),
            dataIndex: 'code',
            render: (_value, bom) => <Link to={`${designUrl}/detail/${bom.id}`}>{versionLabel(bom)}</Link>,
          },
          { title: t('fields.name'), dataIndex: 'name' },
          {
            title: t('fields.status'),
            dataIndex: 'status',
            render: (_value, bom) => <BomStatusTag status={bom.status} />,
          },
          { title: t('fields.occurrences'), dataIndex: 'occurrences' },
          {
            title: t('fields.rolledQuantity'),
            dataIndex: 'rolledQuantity',
            render: (value: number) => formatNumber(value, locale),
          },
        ]}
      />
      {!!used.data?.makeBoms.length && (
        <Flex gap="small" wrap style={{ marginTop: 12 }}>
          {t('part.makeBoms')}
          {used.data.makeBoms.map((bom) => (
            <Link key={bom.id} to={`${makeUrl}/detail/${bom.id}`}>
              {bom.code}
            </Link>
          ))}
        </Flex>
      )}
    </Card>
  );
}

/** A part: its fields, its pictures and drawings, and the BOMs that use it. */
export default function PartDetailView() {
  const { t } = useTranslation('bom');
  const { t: attachmentTexts } = useTranslation('bom', { keyPrefix: 'part.attachments' });
  const { id = '' } = useParams();
  const buttons = usePageButtons();
  return (
    <Flex vertical gap="middle">
      <ResourceDetailView endpoint={SPARE_PART_ENDPOINT} />
      <Card title={t('part.attachments.title')}>
        <AttachmentPanel files={partFiles} params={{ id }} mayEdit={buttons.has('update')} texts={attachmentTexts} />
      </Card>
      <WhereUsed partId={id} />
    </Flex>
  );
}
