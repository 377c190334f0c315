import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Card } from 'antd';
import { STOCK_KIND_LABELS, type StockKind } from '@armature/domain';
import { useListPath } from '../../components/resource/use-record-form.ts';
import { useLocale } from '../../lib/i18n.ts';
import { StockMoveForm } from './stock-move-form.tsx';

/** `…/stockLog/add`: records a manual move, then returns to the ledger as it was left. */
function StockMoveView({ kind }: { kind: StockKind }) {
  const { t } = useTranslation('stock');
  const locale = useLocale();
  const navigate = useNavigate();
  const listPath = useListPath();
  const back = () => void navigate(listPath);
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
