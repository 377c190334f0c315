import { describe, expect, it } from 'vitest';
import { areaNames, namingAnArea, root, sourcesIn } from './helpers/domain-area-names.ts';

// The web app's lower layers know no business area (docs/architecture.md, "The house"): lint keeps
// them from importing a feature, and this test from naming what a domain area exports.
const WEB = `${root}apps/web/src`;

/** Files of `app/` that place areas (the routes outside the menu, the header's parts) and may name them. */
const APP_ASSEMBLY = ['app/areas.ts', 'app/router.tsx', 'app/layout/'];

/**
 * What lower layers name today although an area owns it, and why it stays there for now: the shell
 * (sign-in, session, product choice, preferences, unread counts) is built on the account and inbox
 * contracts, two shared drawings and a clock on planning's and equipment's rules, the operator's
 * machine on processing's (the operator page chooses it, "my tasks" lists its queue), and the tags'
 * print calls and "All tags" menu on processing's tag contract (three areas print tags: an order's,
 * a delivery note's and the task list's), and the stock ledger's columns on stock's ledger rows (the stock pages
 * and a task's page list ledger rows).
 */
const KNOWN: Record<string, string[]> = {
  'components/bar-shape/bar-shape.tsx': ['drawingPoints'],
  'components/cutting-diagram/cutting-diagram.tsx': ['DiagramSegment'],
  'components/stock-ledger/ledger-columns.tsx': [
    'STOCK_DIRECTION_LABELS',
    'STOCK_KIND_LABELS',
    'STOCK_REASON_LABELS',
    'StockKind',
    'StockLogItem',
    'hasHeatNo',
  ],
  'components/tag-print/batch-tag-menu.tsx': ['DELIVERY_PERMISSIONS', 'TagSelection', 'ZPL_DPIS'],
  'components/tag-print/tag-print.ts': ['TAG_PRINT_ENDPOINTS', 'TagSelection', 'ZplDpi', 'labelPrinterResource'],
  'lib/account.ts': [
    'ACCOUNT_ENDPOINTS',
    'CurrentUser',
    'LoginInput',
    'PERMISSION_ENDPOINTS',
    'SelectionInput',
    'USER_ACCOUNT_ENDPOINTS',
    'UserProduct',
  ],
  'lib/operator-machine.ts': ['TASK_ENDPOINTS'],
  'lib/plant-time.ts': ['plantDateTimeOf'],
  'lib/product-choice.ts': ['SelectionInput', 'UserProduct'],
  'lib/session.ts': ['CurrentUser', 'TokenResponse', 'UserProduct'],
  'lib/subject-url.ts': ['NotificationSubject'],
  'lib/theme.ts': ['DEFAULT_APPEARANCE', 'ThemeMode'],
  'lib/token-refresh.ts': ['ACCOUNT_ENDPOINTS', 'TokenResponse', 'WEB_CLIENT_ID'],
  'lib/unread-counts.ts': ['UNREAD_COUNT_ENDPOINTS'],
};

/** `file: names` for each lower-layer file naming what an area exports. */
function lowerLayersNamingAnArea(): Record<string, string[]> {
  const lower = ['components', 'lib', 'app']
    .flatMap((layer) => sourcesIn(`${WEB}/${layer}`).map((file) => `${layer}/${file}`))
    .filter((file) => !APP_ASSEMBLY.some((assembly) => file.startsWith(assembly)));
  return namingAnArea(WEB, lower);
}

describe("the web app's lower layers", () => {
  it('name no business area beyond the known ones (a fixed one leaves the list)', () => {
    expect(lowerLayersNamingAnArea()).toEqual(KNOWN);
  });

  it('see what an area exports', () => {
    const owners = areaNames();
    expect(owners.get('stockKindSchema') ?? owners.get('STOCK_PERMISSIONS')).toBe('stock');
    expect(owners.get('BOM_PERMISSIONS')).toBe('bom');
    expect(owners.has('defineResource')).toBe(false);
  });
});
