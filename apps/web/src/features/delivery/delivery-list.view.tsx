import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from 'antd';
import { CarOutlined } from '@ant-design/icons';
import { useNavigateFromHere } from '../../lib/navigate-from-here.ts';
import type { DeliveryNote } from '@armature/domain';
import { DayRangeFilter } from '../../components/list-filters.tsx';
import type { ListColumn } from '../../components/resource/export-columns.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { ListPage } from '../../components/resource/list-page.tsx';
import { useRecordActions } from '../../components/resource/record-actions.tsx';
import { usePagedList } from '../../components/resource/use-paged-list.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatKg, wholeNumbers } from '../../lib/number-format.ts';
import { deliveryLists } from './delivery.queries.ts';
import { documentField, fieldColumn } from '../../components/resource/field-set.tsx';

/** Delivery notes (`rebarFinished/finished/delivery`): newest first; "add" picks bundles for a new one. */
export default function DeliveryListView() {
  const { t } = useTranslation('delivery');
  const locale = useLocale();
  const list = usePagedList<DeliveryNote>(deliveryLists.notes);
  // A delivery note is never deleted: its bundles left the plant.
  const actions = useRecordActions<DeliveryNote>(undefined, (note) => note.code);
  const navigate = useNavigateFromHere();
  const { pathname } = useLocation();

  const columns: ListColumn<DeliveryNote>[] = [
    fieldColumn('code', documentField.code<DeliveryNote>(t('fields.code')), list.sortable),
    {
      title: t('fields.deliveredAt'),
      dataIndex: 'deliveredAt',
      render: formatDateTime,
      exportValue: (note) => formatDateTime(note.deliveredAt),
      ...list.sortable('deliveredAt'),
    },
    { title: t('fields.site'), dataIndex: 'site', ...list.sortable('site') },
    { title: t('fields.vehicle'), dataIndex: 'vehicle' },
    { title: t('fields.receiver'), dataIndex: 'receiver' },
    { title: t('fields.bundleCount'), dataIndex: 'bundleCount', align: 'end', render: wholeNumbers(locale) },
    { title: t('fields.pieces'), dataIndex: 'pieces', align: 'end', render: wholeNumbers(locale) },
    {
      title: t('fields.weight'),
      dataIndex: 'weight',
      align: 'end',
      render: (weight: number) => formatKg(weight, locale),
    },
    fieldColumn('creator', documentField.creator<DeliveryNote>(t('fields.creator'))),
    fieldColumn('remark', documentField.remark<DeliveryNote>(t('fields.remark'), { ellipsis: true })),
    actions.column((note) => [actions.view(note)]),
  ];

  return (
    <ListPage<DeliveryNote>
      title={t('titles.list')}
      list={list}
      columns={columns}
      searchPlaceholder={t('searchIn')}
      filters={<DayRangeFilter list={list} name="day" />}
      canExport={actions.buttons.has('export')}
      onAdd={actions.add}
      addLabel={t('actions.add')}
      onRow={actions.rowProps}
      tools={
        <Button
          data-testid="delivery-loads"
          icon={<CarOutlined />}
          onClick={() => navigate(`${pathname.replace(/\/+$/, '')}/children/loads`)}
        >
          {t('loads.title')}
        </Button>
      }
    />
  );
}
