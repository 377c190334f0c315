import { CRUD, EDITABLE, page, type MenuPages } from '../core/menu/menu-pages.ts';
import { resourcePage } from '../core/resources/resource-page.ts';
import { stockLocationResource } from './stock-location.resource.ts';

/** The stock pages; STOCK_PERMISSIONS and RECEIPT_PERMISSIONS name them and their buttons. */
export const STOCK_PAGES = {
  'rawMaterialStock.receiveCenter': [
    page(
      'rebarReceive',
      { 'zh-CN': '收料记录', 'en-US': 'Receipts', 'fr-FR': 'Réceptions' },
      'FileDoneOutlined',
      // inspect: record a receipt inspection (a failed check puts the bars on hold); unhold: release
      // held bars to production; return: send held bars back to the supplier.
      ['add', 'reverse', 'export', 'inspect', 'unhold', 'return'],
      ['detail/:id'],
    ),
    page(
      'rebarStock',
      { 'zh-CN': '剩余库存', 'en-US': 'Remaining stock', 'fr-FR': 'Stock restant' },
      'DatabaseOutlined',
      ['export', 'integrity'],
      [],
    ),
    page(
      'receiveStockLog',
      { 'zh-CN': '出入库记录', 'en-US': 'Stock in/out log', 'fr-FR': 'Journal des entrées/sorties' },
      'HistoryOutlined',
      ['add', 'export'],
      [],
    ),
    // What approved cutting plans buy; receive: record bars received against a list.
    page(
      'purchaseList',
      { 'zh-CN': '采购清单', 'en-US': 'Purchase lists', 'fr-FR': 'Listes d’achat' },
      'ShopOutlined',
      ['receive'],
      [],
    ),
    // The yard's racks and bins, where raw bars and offcut lots lie.
    resourcePage(stockLocationResource, 'InboxOutlined', CRUD, EDITABLE),
  ],
  'rebarFinished.finished': [
    page(
      'stock',
      { 'zh-CN': '成品库存', 'en-US': 'Finished stock', 'fr-FR': 'Stock de produits finis' },
      'DatabaseOutlined',
      ['export'],
      [],
    ),
    page(
      'stockLog',
      { 'zh-CN': '成品出入库', 'en-US': 'Finished stock log', 'fr-FR': 'Journal des produits finis' },
      'HistoryOutlined',
      ['add', 'export'],
      ['add'],
    ),
  ],
  'rebarFinished.tail': [
    page(
      'stock',
      { 'zh-CN': '余料库存', 'en-US': 'Offcut stock', 'fr-FR': 'Stock de chutes' },
      'DatabaseOutlined',
      ['export'],
      [],
    ),
    page(
      'stockLog',
      { 'zh-CN': '余料出入库', 'en-US': 'Offcut stock log', 'fr-FR': 'Journal des chutes' },
      'HistoryOutlined',
      ['add', 'export'],
      ['add'],
    ),
  ],
  'rebarFinished.waste': [
    page(
      'stock',
      { 'zh-CN': '废料库存', 'en-US': 'Waste stock', 'fr-FR': 'Stock de déchets' },
      'DatabaseOutlined',
      ['add', 'export'],
      [],
    ),
  ],
} as const satisfies MenuPages;
