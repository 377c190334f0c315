import { useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { StockKind } from '@armature/domain';
import { usePageButtons } from '../../components/page-access.ts';
import { MoveDrawer } from './move-drawer.tsx';
import { StockLogList } from './stock-log-list.tsx';

/**
 * A ledger page. Finished and offcut moves are recorded on the page's `add` route; raw stock has no
 * such route (its moves are mostly receipts), so its form opens in a drawer over the ledger.
 */
function StockLogView({ kind, addRoute }: { kind: StockKind; addRoute: boolean }) {
  const buttons = usePageButtons();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [moving, setMoving] = useState(false);
  const add = addRoute
    ? () => void navigate(`${pathname}/add`, { state: { back: `${pathname}${search}` } })
    : () => setMoving(true);
  return (
    <>
      <StockLogList kind={kind} onAdd={buttons.has('add') ? add : undefined} />
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
