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
import { weightColumn } from '../../components/resource/weight-column.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, wholeNumbers } from '../../lib/number-format.ts';
import { refreshOrders } from './planning.queries.ts';
import { dispositionChoices } from './revision-format.ts';
import { revisionQueries, revisionMutations } from './revision.queries.ts';

/** What a superseded bundle and superseded loose pieces both are: the revision, length, pieces and kg, the proposal and what was done. */
type Superseded = {
  revision: number | null;
  length: number;
  pieces: number;
  weight: number;
  proposal: SupersededBundle['proposal'];
  disposition?: Disposition | null;
  disposedAt?: string | null;
};

/**
 * The columns both tables end with: revision, length, pieces and kg, the proposal (until done) and the
 * decision — the control carrying out `itemOf(row)` for who may dispose.
 */
function supersededColumns<T extends Superseded>(
  t: TFunction<'planning'>,
  locale: Locale,
  decide: { itemOf: (row: T) => Disposable; mayDispose: boolean },
): TableColumnsType<T> {
  const whole = wholeNumbers(locale);
  return [
    {
      title: t('superseded.revision'),
      dataIndex: 'revision',
      render: (value: number | null) => (value ? `R${value}` : '—'),
    },
    { title: t('fields.length'), dataIndex: 'length', align: 'end', render: whole },
    { title: t('superseded.pieces'), dataIndex: 'pieces', align: 'end', render: whole },
    weightColumn<T>(t('fields.weight'), locale),
    {
      title: t('superseded.proposalTitle'),
      key: 'proposal',
      render: (_value, row) => (row.disposition ? '—' : <ProposalText proposal={row.proposal} />),
    },
    {
      title: t('superseded.decision'),
      key: 'decision',
      render: (_value, row) => <Decision done={row} item={decide.itemOf(row)} mayDispose={decide.mayDispose} />,
    },
  ];
}

/** The proposal in words: re-use for a mark (cut to its length, kg cut away), keep as offcut or scrap, with kg. */
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

/** A disposal to carry out: what names it (test ids, messages), its proposal, and the request that does it. */
type Disposable = {
  name: string;
  proposal: SupersededBundle['proposal'];
  confirmText: (action: string) => string;
  carry: (action: Disposition, orderLineId: string | null) => Promise<unknown>;
};

/** Carrying out one disposition (a bundle's, or loose pieces'): the proposal's action first, or a lesser one. */
function DisposeControl({ item, onDone }: { item: Disposable; onDone: () => Promise<void> }) {
  const { t } = useTranslation('planning');
  const locale = useLocale();
  const { notify, confirm } = useFeedback();
  const choices = dispositionChoices(item.proposal);
  const [action, setAction] = useState<Disposition>(choices[0]!);
  const [busy, setBusy] = useState(false);
  const label = (choice: Disposition) =>
    choice === 'reuse'
      ? `${DISPOSITION_LABELS.reuse[locale]} ${item.proposal.mark ?? ''}`
      : DISPOSITION_LABELS[choice][locale];
  const run = () =>
    confirm({
      title: t('superseded.confirmTitle', { code: item.name }),
      content: item.confirmText(label(action)),
      danger: action === 'scrap',
      onOk: async () => {
        setBusy(true);
        try {
          await item.carry(action, action === 'reuse' ? item.proposal.lineId : null);
        } finally {
          setBusy(false);
        }
        notify.success(t('superseded.done', { code: item.name, action: label(action) }));
        await onDone();
      },
    });
  return (
    <Flex gap={4} wrap>
      <Select<Disposition>
        data-testid={`dispose-action-${item.name}`}
        size="small"
        value={action}
        onChange={setAction}
        options={choices.map((choice) => ({ value: choice, label: label(choice) }))}
        style={{ minWidth: 140 }}
      />
      <Button
        data-testid={`dispose-${item.name}`}
        size="small"
        type="primary"
        danger={action === 'scrap'}
        loading={busy}
        onClick={() => void run()}
      >
        {t('superseded.dispose')}
      </Button>
    </Flex>
  );
}

/** The decision column: what was done and when, else the control (for who may dispose), else "to decide". */
function Decision({
  done,
  item,
  mayDispose,
}: {
  done: { disposition?: Disposition | null; disposedAt?: string | null };
  item: Disposable;
  mayDispose: boolean;
}) {
  const { t } = useTranslation('planning');
  const locale = useLocale();
  const queryClient = useQueryClient();
  if (done.disposition)
    return (
      <Flex vertical gap={0} data-testid={`disposed-${item.name}`}>
        <Tag color="default">{DISPOSITION_LABELS[done.disposition][locale]}</Tag>
        {done.disposedAt && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatDateTime(done.disposedAt)}
          </Typography.Text>
        )}
      </Flex>
    );
  if (mayDispose) return <DisposeControl item={item} onDone={() => refreshOrders(queryClient)} />;
  return <Tag color="error">{t('superseded.open')}</Tag>;
}

/**
 * Pieces cut for a bender that the revision left unbent: no bundle and no stock row holds them. They get
 * the same choice as a bundle, per line and cut length, carried out into the stock ledgers (nothing
 * leaves a stock: they come in as another mark's pieces, an offcut lot or waste).
 */
function LoosePieces({
  orderId,
  pieces,
  mayDispose,
}: {
  orderId: string;
  pieces: readonly LooseSupersededPieces[];
  mayDispose: boolean;
}) {
  const { t } = useTranslation('planning');
  const locale = useLocale();
  const dispose = useMutation(revisionMutations.disposeLoose(orderId));
  const itemOf = (row: LooseSupersededPieces): Disposable => ({
    name: `${row.mark}-${row.length}`,
    proposal: row.proposal,
    confirmText: (action) =>
      t('superseded.confirmLoose', { action, mark: row.mark, length: wholeNumbers(locale)(row.length) }),
    carry: (action, targetLineId) =>
      dispose.mutateAsync({ orderLineId: row.orderLineId, length: row.length, action, targetLineId }),
  });
  const columns: TableColumnsType<LooseSupersededPieces> = [
    { title: t('fields.mark'), dataIndex: 'mark', fixed: 'start' },
    ...supersededColumns(t, locale, { itemOf, mayDispose }),
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
  const dispose = useMutation(revisionMutations.dispose());
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
    ...supersededColumns<SupersededBundle>(t, locale, {
      mayDispose,
      itemOf: (bundle) => ({
        name: bundle.code,
        proposal: bundle.proposal,
        confirmText: (action) => t('superseded.confirm', { action, mark: bundle.mark, number: bundle.number }),
        carry: (action, orderLineId) => dispose.mutateAsync({ id: bundle.id, action, orderLineId }),
      }),
    }),
  ];
  const open = [...bundles, ...pieces].filter((item) => !item.disposition);
  return (
    <Card
      size="small"
      title={t('superseded.title')}
      extra={
        <Typography.Text type={open.length ? 'danger' : 'secondary'} data-testid="superseded-open">
          {t('superseded.openCount', {
            count: open.length,
            weight: formatKg(
              open.reduce((sum, item) => sum + item.weight, 0),
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
        {pieces.length > 0 && <LoosePieces orderId={orderId} pieces={pieces} mayDispose={mayDispose} />}
      </Flex>
    </Card>
  );
}
