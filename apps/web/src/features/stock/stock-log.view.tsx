import { useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { StockKind } from '@armature/domain';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { usePageButtons } from '../../components/page-access.ts';
import { MoveDrawer } from './move-drawer.tsx';
import { StockLogList } from './stock-log-list.tsx';

/**
 * A ledger page. Finished and offcut moves are recorded on the page's `add` route; raw stock's open in
 * a drawer over the ledger (its moves are mostly receipts), and its `add` route is the stock-take.
 */
function StockLogView({ kind, addRoute }: { kind: StockKind; addRoute: boolean }) {
  const buttons = usePageButtons();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { t } = useTranslation('stock');
  const [moving, setMoving] = useState(false);
  const toAdd = () => void navigate(`${pathname}/add`, { state: { back: `${pathname}${search}` } });
  const add = addRoute ? toAdd : () => setMoving(true);
  const count = !addRoute && kind === 'raw' && buttons.has('add') && (
    <Button data-testid="stock-take" icon={<ScanOutlined />} onClick={toAdd}>
      {t('stockTake.title')}
    </Button>
  );
  return (
    <>
      <StockLogList kind={kind} onAdd={buttons.has('add') ? add : undefined} tools={count} />
      {!addRoute && (
        <MoveDrawer kind={kind} open={moving} onClose={() => setMoving(false)} onDone={() => setMoving(false)} />
      )}
    </>
  );
}

export const stockLogScreens: Record<Exclude<StockKind, 'waste'>, ComponentType> = {
  raw: () => <StockLogView kind="raw" addRoute={false} />,
  finished: () => <StockLogView kind="finished" addRoute />,
  tail: () => <StockLogView kind="tail" addRoute />,
};
