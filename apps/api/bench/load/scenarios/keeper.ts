import { plantDayOf } from '@armature/domain';
import { between, loop, pick, think, type VirtualUser } from './context.ts';

type StockRow = { id: string; rebarId: string; length: number; heatNo: string | null; quantity: number };
type Page<T> = { items: T[]; totalCount: number };

/** A row a keeper takes bars out of keeps at least this many: two keepers on one row never empty it. */
const MOVE_FLOOR = 200;

/**
 * A stock keeper: looks at raw stock and its ledger, opens a balance with its latest rows, reads the
 * receipts, records arriving bars (receipts, mostly of the specs the planners order so that cutting
 * has bars to consume) and moves bars by hand (stock-take adjustments and consumption) on the specs
 * only keepers handle. Between actions they are at the yard: 5–20 s.
 */
export async function keeper(user: VirtualUser): Promise<void> {
  await think(user, 0, 10);
  await loop(user, async () => {
    const draw = user.random();
    if (draw < 0.25) await stockList(user);
    else if (draw < 0.4) await ledger(user);
    else if (draw < 0.5) await user.api.get('read-list', 'rebarReceive?maxResultCount=20');
    else if (draw < 0.75) await receipt(user);
    else await move(user);
    await think(user, 5, 20);
  });
}

async function stockList(user: VirtualUser) {
  const page = await user.api.get<Page<StockRow>>('read-list', 'stock/raw?maxResultCount=20');
  if (page.items.length > 0) await user.api.get('read-detail', `stock/raw/${pick(user, page.items).id}`);
}

async function ledger(user: VirtualUser) {
  const spec = pick(user, [...user.line.orderSpecs, ...user.line.keeperSpecs]);
  await user.api.get('read-list', `stockLog/raw?maxResultCount=20&rebarId=${spec.id}`);
}

async function receipt(user: VirtualUser) {
  const spec = user.random() < 0.7 ? pick(user, user.line.orderSpecs) : pick(user, user.line.keeperSpecs);
  const day = plantDayOf(Date.now(), user.line.timeZone);
  await user.api.post('write-stock', 'rebarReceive', {
    rebarId: spec.id,
    supplier: pick(user, ['沙钢集团', '马钢股份', '永钢集团']),
    heatNo: `L${day.slice(2).replaceAll('-', '')}-${between(user, 1000, 9999)}`,
    length: pick(user, [9000, 12000]),
    bundles: between(user, 1, 5),
    barCount: between(user, 50, 150),
    receiveDate: day,
  });
}

/** A hand move of 1–3 bars on a keeper-only spec's row: in or out (adjustment), or out to consumption. */
async function move(user: VirtualUser) {
  const spec = pick(user, user.line.keeperSpecs);
  const page = await user.api.get<Page<StockRow>>(
    'read-list',
    `stock/raw?maxResultCount=20&rebarId=${spec.id}&sorting=quantity desc`,
  );
  const row = page.items.find((item) => item.quantity >= MOVE_FLOOR);
  if (!row) return;
  const out = user.random() < 0.6;
  await user.api.post('write-stock', 'stockLog/raw', {
    rebarId: row.rebarId,
    length: row.length,
    heatNo: row.heatNo,
    direction: out ? 'out' : 'in',
    quantity: between(user, 1, 3),
    reason: out && user.random() < 0.5 ? 'consumption' : 'adjustment',
    remark: 'load bench',
  });
}
