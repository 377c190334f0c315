import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Drawer, Space, Tag, Typography } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { PURCHASE_LIST_STATUSES, type PurchaseList } from '@armature/domain';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { ListPage } from '../../components/resource/list-page.tsx';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { ChoiceFilter } from '../../components/list-filters.tsx';
import { useLocale } from '../../lib/i18n.ts';
import { PurchaseReceiveForm } from './purchase-receive-form.tsx';
import { stockLists } from './stock.queries.ts';
import { FORM_DRAWER_WIDTH, formatKg } from './stock-format.ts';
import { documentField, fieldColumn } from '../../components/resource/field-set.tsx';

const STATUS_COLORS = { open: 'gold', received: 'green', cancelled: 'default' } as const;

/**
 * What approved cutting plans buy, the soonest needed first (open lists by default): each line a spec,
 * a length and bars with what was received of them. "Receive" records a delivery against a line; its
 * bars go into raw stock held for the plan.
 */
export default function PurchaseListView() {
  const { t } = useTranslation('stock');
  const locale = useLocale();
  const list = usePagedList<PurchaseList>(stockLists.purchaseLists);
  const actions = useRecordActions<PurchaseList>(undefined, (each) => each.code);
  const [receiving, setReceiving] = useState<PurchaseList | null>(null);
  const kg = (each: PurchaseList) =>
    formatKg(
      each.lines.reduce((sum, line) => sum + line.weight, 0),
      locale,
    );

  // What to buy comes right after the code: on a phone the keeper reads it without scrolling the table.
  const columns: ListColumn<PurchaseList>[] = [
    fieldColumn('code', documentField.code<PurchaseList>(t('fields.code'))),
    {
      title: t('purchase.lines'),
      key: 'lines',
      render: (_value, each) => (
        <Space direction="vertical" size={0}>
          {each.lines.map((line) => (
            <Typography.Text key={line.id} data-testid={`purchase-line-${line.length}`}>
              {t('purchase.lineText', {
                spec: line.rebarName,
                length: line.length,
                bars: line.bars,
                received: line.receivedBars,
              })}
            </Typography.Text>
          ))}
        </Space>
      ),
      exportValue: (each) =>
        each.lines.map((line) => `${line.rebarName} ${line.length}mm ${line.receivedBars}/${line.bars}`).join('; '),
    },
    { title: t('purchase.neededBy'), dataIndex: 'neededBy' },
    { title: t('purchase.plan'), dataIndex: 'cutPlanCode' },
    { title: t('fields.weight'), key: 'weight', align: 'end', render: (_value, each) => kg(each), exportValue: kg },
    {
      title: t('fields.status'),
      dataIndex: 'status',
      render: (_value, each) => <Tag color={STATUS_COLORS[each.status]}>{t(`purchase.status.${each.status}`)}</Tag>,
      exportValue: (each) => t(`purchase.status.${each.status}`),
    },
    actions.column((each) => [
      {
        key: 'receive',
        label: t('purchase.receive'),
        icon: <InboxOutlined />,
        visible: actions.buttons.has('receive') && each.status === 'open',
        onClick: () => setReceiving(each),
      },
    ]),
  ];

  return (
    <>
      <ListPage<PurchaseList>
        title={t('titles.purchaseLists')}
        list={list}
        columns={columns}
        searchPlaceholder={t('purchase.searchIn')}
        filters={
          <ChoiceFilter
            list={list}
            name="status"
            placeholder={t('fields.status')}
            values={[...PURCHASE_LIST_STATUSES, 'all']}
            labelOf={(value) => t(`purchase.status.${value}`)}
          />
        }
        canExport={false}
        onRow={actions.rowProps}
      />
      <Drawer
        title={receiving ? t('purchase.receiveTitle', { code: receiving.code }) : ''}
        open={receiving !== null}
        size={FORM_DRAWER_WIDTH}
        destroyOnHidden
        onClose={() => setReceiving(null)}
      >
        {receiving && <PurchaseReceiveForm list={receiving} onDone={() => setReceiving(null)} />}
      </Drawer>
    </>
  );
}
