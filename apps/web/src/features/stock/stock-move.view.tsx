import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from 'antd';
import { STOCK_KIND_LABELS, type StockKind } from '@armature/domain';
import { useListPath } from '../../components/resource/use-record-form.ts';
import { useLocale } from '../../lib/i18n.ts';
import { StockMoveForm } from './stock-move-form.tsx';
import { useNavigateFromHere } from '../../lib/navigate-from-here.ts';

/** `…/stockLog/add`: records a manual move, then returns to the ledger as it was left. */
function StockMoveView({ kind }: { kind: StockKind }) {
  const { t } = useTranslation('stock');
  const locale = useLocale();
  const navigate = useNavigateFromHere();
  const listPath = useListPath();
  const back = () => navigate(listPath);
  return (
    <Card title={t('move.title', { kind: STOCK_KIND_LABELS[kind][locale] })}>
      <StockMoveForm kind={kind} onDone={back} onCancel={back} />
    </Card>
  );
}

export const stockMoveScreens: Record<'finished' | 'tail', ComponentType> = {
  finished: () => <StockMoveView kind="finished" />,
  tail: () => <StockMoveView kind="tail" />,
};
