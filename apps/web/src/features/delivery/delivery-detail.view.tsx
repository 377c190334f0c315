import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Table } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { Bundle } from '@armature/domain';
import { DetailCard } from '../../components/detail-card.tsx';
import { usePageButtons } from '../../components/page-access.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { BatchTagMenu } from '../../components/tag-print/batch-tag-menu.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, wholeNumbers } from '../../lib/number-format.ts';
import { bundleColumns } from './bundle-columns.tsx';
import { deliveryMutations, deliveryQueries } from './delivery.queries.ts';

/** A delivery note (`…/delivery/detail/:id`): where it went, its bundles, its printable PDF and its tags. */
export default function DeliveryDetailView() {
  const { t } = useTranslation('delivery');
  const locale = useLocale();
  const { id } = useParams();
  const buttons = usePageButtons();
  const detail = useQuery(deliveryQueries.note(id));
  const pdf = useMutation(deliveryMutations.pdf());
  const note = detail.data;

  return (
    <DetailCard
      title={note && t('titles.detail', { code: note.code })}
      buttons={
        note &&
        buttons.has('print') && (
          <>
            <Button
              data-testid="delivery-pdf"
              type="primary"
              icon={<PrinterOutlined />}
              loading={pdf.isPending}
              onClick={() => pdf.mutate(note.id)}
            >
              {t('actions.pdf')}
            </Button>
            <BatchTagMenu selection={{ deliveryNoteId: note.id }} label={t('actions.tags')} testId="delivery-tags" />
          </>
        )
      }
      loading={detail.isLoading}
      failed={detail.isError}
    >
      {note && (
        <Flex vertical gap="middle">
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 2, xl: 3 }}
            items={[
              { key: 'code', label: t('fields.code'), children: <span data-testid="detail-code">{note.code}</span> },
              { key: 'deliveredAt', label: t('fields.deliveredAt'), children: formatDateTime(note.deliveredAt) },
              { key: 'site', label: t('fields.site'), children: note.site },
              { key: 'vehicle', label: t('fields.vehicle'), children: note.vehicle },
              { key: 'receiver', label: t('fields.receiver'), children: note.receiver },
              { key: 'bundleCount', label: t('fields.bundleCount'), children: wholeNumbers(locale)(note.bundleCount) },
              { key: 'pieces', label: t('fields.pieces'), children: wholeNumbers(locale)(note.pieces) },
              { key: 'weight', label: t('fields.weight'), children: formatKg(note.weight, locale) },
              { key: 'creator', label: t('fields.creator'), children: note.creatorName },
              { key: 'remark', label: t('fields.remark'), children: note.remark },
            ]}
          />
          <Table<Bundle>
            data-testid="delivery-note-bundles"
            rowKey="id"
            size="small"
            dataSource={note.bundles}
            columns={bundleColumns(t, locale)}
            pagination={false}
            scroll={{ x: 'max-content' }}
          />
        </Flex>
      )}
    </DetailCard>
  );
}
