import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Flex, Image, Table } from 'antd';
import { EditOutlined, PrinterOutlined } from '@ant-design/icons';
import type { Bundle } from '@armature/domain';
import { DetailCard } from '../../components/detail-card.tsx';
import { usePageButtons } from '../../components/page-access.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { BatchTagMenu } from '../../components/tag-print/batch-tag-menu.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, wholeNumbers } from '../../lib/number-format.ts';
import { bundleColumns } from './bundle-columns.tsx';
import { deliveryMutations, deliveryQueries } from './delivery.queries.ts';
import { loadQueries } from './load.queries.ts';
import { DeliveryProofForm } from './delivery-proof-form.tsx';

/** A delivery note (`…/delivery/detail/:id`): where it went, its bundles, its printable PDF and its tags. */
export default function DeliveryDetailView() {
  const { t } = useTranslation('delivery');
  const locale = useLocale();
  const { id } = useParams();
  const buttons = usePageButtons();
  const detail = useQuery(deliveryQueries.note(id));
  const pdf = useMutation(deliveryMutations.pdf());
  const proof = useQuery(loadQueries.proof(id));
  const [params, setParams] = useSearchParams();
  const note = detail.data;
  const signed = proof.data;
  if (id && params.get('proof') && proof.isSuccess && !signed)
    return <DeliveryProofForm id={id} onDone={() => setParams({})} />;

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
            {buttons.has('add') && proof.isSuccess && !signed && (
              <Button data-testid="delivery-proof" icon={<EditOutlined />} onClick={() => setParams({ proof: '1' })}>
                {t('proof.action')}
              </Button>
            )}
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
          {signed && (
            <Descriptions
              bordered
              size="small"
              data-testid="delivery-proof-shown"
              title={t('proof.heading')}
              column={{ xs: 1, md: 2 }}
              items={[
                { key: 'by', label: t('proof.receivedBy'), children: signed.receivedBy },
                { key: 'at', label: t('proof.receivedAt'), children: formatDateTime(signed.receivedAt) },
                {
                  key: 'signature',
                  label: t('proof.signature'),
                  children: <Image src={signed.signature} alt="" width={180} preview={false} />,
                },
                {
                  key: 'photo',
                  label: t('proof.photo'),
                  children: signed.photo && <Image src={signed.photo} alt="" width={180} />,
                },
                {
                  key: 'returned',
                  label: t('proof.returned'),
                  children: signed.returned.map((bundle) => `${bundle.mark} ${bundle.code}`).join(', '),
                },
              ]}
            />
          )}
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
