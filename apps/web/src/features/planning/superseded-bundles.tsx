import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import {
  DISPOSITION_LABELS,
  type Disposition,
  type Locale,
  type LooseSupersededPieces,
  type SupersededBundle,
} from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, wholeNumbers } from '../../lib/number-format.ts';
import { refreshOrders } from './planning.queries.ts';
import { dispositionChoices } from './revision-format.ts';
import { revisionQueries, revisionMutations } from './revision.queries.ts';

/** The proposal in words: re-use for a mark (cut to its length, kg cut away), keep as offcut or scrap, with kg. */
type Piece = { revision: number | null; length: number; pieces: number; weight: number };

/** What a superseded bundle and a superseded loose length both show: the revision, length, pieces and kg. */
function pieceColumns<T extends Piece>(t: TFunction<'planning'>, locale: Locale): TableColumnsType<T> {
  const whole = wholeNumbers(locale);
  return [
    {
      title: t('superseded.revision'),
      dataIndex: 'revision',
      render: (value: number | null) => (value ? `R${value}` : '—'),
    },
    { title: t('fields.length'), dataIndex: 'length', align: 'end', render: whole },
    { title: t('superseded.pieces'), dataIndex: 'pieces', align: 'end', render: whole },
    {
      title: t('fields.weight'),
      dataIndex: 'weight',
      align: 'end',
      render: (value: number) => formatKg(value, locale),
    },
  ];
}

function ProposalText({ proposal }: { proposal: SupersededBundle['proposal'] }) {
  const { t } = useTranslation('planning');
  const locale = useLocale();
  const kg = (value: number) => formatKg(value, locale);
  if (proposal.action === 'reuse')
    return t('superseded.proposal.reuse', {
      mark: proposal.mark,
      length: wholeNumbers(locale)(proposal.length),
      weight: kg(proposal.weight),
      cutAway: kg(proposal.cutAwayWeight),
    });
  return t(`superseded.proposal.${proposal.action}`, { weight: kg(proposal.weight) });
}

/** Carrying out one bundle's disposition: the proposal's action first, or a lesser one. */
function DisposeControl({ bundle, onDone }: { bundle: SupersededBundle; onDone: () => Promise<void> }) {
  const { t } = useTranslation('planning');
  const locale = useLocale();
  const { notify, confirm } = useFeedback();
  const choices = dispositionChoices(bundle.proposal);
  const [action, setAction] = useState<Disposition>(choices[0]!);
  const dispose = useMutation(revisionMutations.dispose());
  const label = (choice: Disposition) =>
    choice === 'reuse'
      ? `${DISPOSITION_LABELS.reuse[locale]} ${bundle.proposal.mark ?? ''}`
      : DISPOSITION_LABELS[choice][locale];
  const run = () =>
    confirm({
      title: t('superseded.confirmTitle', { code: bundle.code }),
      content: t('superseded.confirm', { action: label(action), mark: bundle.mark, number: bundle.number }),
      danger: action === 'scrap',
      onOk: async () => {
        await dispose.mutateAsync({
          id: bundle.id,
          action,
          orderLineId: action === 'reuse' ? bundle.proposal.lineId : null,
        });
        notify.success(t('superseded.done', { code: bundle.code, action: label(action) }));
        await onDone();
      },
    });
  return (
    <Flex gap={4} wrap>
      <Select<Disposition>
        data-testid={`dispose-action-${bundle.code}`}
        size="small"
        value={action}
        onChange={setAction}
        options={choices.map((choice) => ({ value: choice, label: label(choice) }))}
        style={{ minWidth: 140 }}
      />
      <Button
        data-testid={`dispose-${bundle.code}`}
        size="small"
        type="primary"
        danger={action === 'scrap'}
        loading={dispose.isPending}
        onClick={() => void run()}
      >
        {t('superseded.dispose')}
      </Button>
    </Flex>
  );
}

/**
 * Pieces cut for a bender that the revision left unbent: no bundle and no stock row holds them, so the
 * proposal is what the shop floor does with them by the cutter.
 */
function LoosePieces({ pieces }: { pieces: readonly LooseSupersededPieces[] }) {
  const { t } = useTranslation('planning');
  const locale = useLocale();
  const columns: TableColumnsType<LooseSupersededPieces> = [
    { title: t('fields.mark'), dataIndex: 'mark', fixed: 'start' },
    ...pieceColumns<LooseSupersededPieces>(t, locale),
    {
      title: t('superseded.proposalTitle'),
      key: 'proposal',
      render: (_value, row) => <ProposalText proposal={row.proposal} />,
    },
  ];
  return (
    <Table<LooseSupersededPieces>
      data-testid="superseded-loose"
      title={() => t('superseded.loose')}
      size="small"
      rowKey={(row) => `${row.orderLineId}/${row.length}`}
      columns={columns}
      dataSource={[...pieces]}
      scroll={{ x: 'max-content' }}
      pagination={false}
    />
  );
}

/**
 * The order's superseded bundles: each with the revision that superseded it, its pieces and kg, the
 * proposal (re-use for a mark it can be cut to, keep as offcut, or scrap, with kg) and, for a user who may
 * import revisions, the action that carries it out; once done, what was done and when.
 */
export function SupersededBundles({ orderId, mayDispose }: { orderId: string; mayDispose: boolean }) {
  const { t } = useTranslation('planning');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const superseded = useQuery(revisionQueries.superseded(orderId));
  const loose = useQuery(revisionQueries.loosePieces(orderId));
  const bundles = superseded.data ?? [];
  const pieces = loose.data ?? [];
  if (bundles.length === 0 && pieces.length === 0) return null;
  const columns: TableColumnsType<SupersededBundle> = [
    { title: t('superseded.bundle'), dataIndex: 'code', fixed: 'start' },
    {
      title: t('fields.mark'),
      key: 'mark',
      render: (_value, bundle) => `${bundle.mark} ${bundle.number}/${bundle.count}`,
    },
    ...pieceColumns<SupersededBundle>(t, locale),
    {
      title: t('superseded.proposalTitle'),
      key: 'proposal',
      render: (_value, bundle) => (bundle.disposition ? '—' : <ProposalText proposal={bundle.proposal} />),
    },
    {
      title: t('superseded.decision'),
      key: 'decision',
      render: (_value, bundle) =>
        bundle.disposition ? (
          <Flex vertical gap={0} data-testid={`disposed-${bundle.code}`}>
            <Tag color="default">{DISPOSITION_LABELS[bundle.disposition][locale]}</Tag>
            {bundle.disposedAt && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatDateTime(bundle.disposedAt)}
              </Typography.Text>
            )}
          </Flex>
        ) : mayDispose ? (
          <DisposeControl bundle={bundle} onDone={() => refreshOrders(queryClient)} />
        ) : (
          <Tag color="error">{t('superseded.open')}</Tag>
        ),
    },
  ];
  const open = bundles.filter((bundle) => !bundle.disposition);
  return (
    <Card
      size="small"
      title={t('superseded.title')}
      extra={
        <Typography.Text type={open.length ? 'danger' : 'secondary'} data-testid="superseded-open">
          {t('superseded.openCount', {
            count: open.length,
            weight: formatKg(
              open.reduce((sum, bundle) => sum + bundle.weight, 0),
              locale,
            ),
          })}
        </Typography.Text>
      }
      data-testid="superseded-bundles"
    >
      <Flex vertical gap="middle">
        {bundles.length > 0 && (
          <Table<SupersededBundle>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={bundles}
            scroll={{ x: 'max-content' }}
            pagination={bundles.length > 20 ? { pageSize: 20, showSizeChanger: false, size: 'small' } : false}
            onRow={(bundle) => ({ 'data-testid': `superseded-${bundle.code}` }) as object}
          />
        )}
        {pieces.length > 0 && <LoosePieces pieces={pieces} />}
      </Flex>
    </Card>
  );
}
