import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Divider, Flex, Form, Table, Tag, Typography } from 'antd';
import { DashboardOutlined, EditOutlined, SwapOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import {
  DIGITAL_TWIN_PERMISSIONS,
  flattenPages,
  pageUrlOf,
  stripRouteSuffix,
  type Equipment,
  type Shift,
  type ThroughputBand,
  machineLabel,
} from '@armature/domain';
import { DetailCard } from '../../components/detail-card.tsx';
import { Slot } from '../../components/feature-slots.tsx';
import { useFeedback } from '../../components/feedback.tsx';
import { usePageButtons } from '../../components/page-access.ts';
import { formatDateTime } from '../../components/resource/date-time.ts';
import { useListPath } from '../../components/resource/use-record-form.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { useSession } from '../../lib/use-session.ts';
import { OperationStatusTag, SaleStatusTag } from './equipment-tags.tsx';
import { equipmentMutations, equipmentQueries, refreshEquipment, type EquipmentVariant } from './equipment.queries.ts';
import { useCredentialsAction } from './mqtt-credentials.tsx';
import { PlantFields } from './plant-fields.tsx';
import { plantFormValues, plantInput, type PlantFormValues } from './plant-form-values.ts';
import { StatusDialog } from './status-dialog.tsx';

const TWIN_DETAIL = `${pageUrlOf(DIGITAL_TWIN_PERMISSIONS.read)}/detail`;
// The live state is read again while the page is open.
const LIVE_REFRESH_MS = 15_000;

/** A machine's throughput bands and shift calendar as read-only tables. */
function PlantTables({ machine }: { machine: Equipment }) {
  const { t } = useTranslation('equipment');
  const locale = useLocale();
  const weekday = (n: number) =>
    dayjs()
      .day(n % 7)
      .format('dd');
  return (
    <>
      <Typography.Title level={5}>{t('fields.throughput')}</Typography.Title>
      <Table<ThroughputBand>
        data-testid="detail-throughput"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowKey={(band) => `${band.diameterFrom}-${band.diameterTo}-${band.unit}`}
        dataSource={machine.throughput}
        locale={{ emptyText: t('detail.noThroughput') }}
        columns={[
          {
            title: t('throughput.diameters'),
            key: 'diameters',
            render: (_value, band) => `Φ${band.diameterFrom} – Φ${band.diameterTo}`,
          },
          {
            title: t('throughput.rate'),
            key: 'rate',
            align: 'end',
            render: (_value, band) => `${formatNumber(band.rate, locale)} ${t(`units.${band.unit}`)}`,
          },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('fields.shiftCalendar')}
      </Typography.Title>
      <Table<Shift>
        data-testid="detail-shifts"
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        rowKey="name"
        dataSource={machine.shiftCalendar.shifts}
        locale={{ emptyText: t('detail.noShifts') }}
        columns={[
          { title: t('shifts.name'), dataIndex: 'name' },
          {
            title: t('shifts.hours'),
            key: 'hours',
            render: (_value, shift) =>
              `${shift.start} – ${shift.end}${shift.end <= shift.start ? ` ${t('shifts.nextDay')}` : ''}`,
          },
          {
            title: t('shifts.weekdays'),
            key: 'weekdays',
            render: (_value, shift) => shift.weekdays.map(weekday).join(' '),
          },
        ]}
      />
      <Flex gap={4} wrap align="center" style={{ marginTop: 8 }} data-testid="detail-daysOff">
        <Typography.Text type="secondary">{t('shifts.daysOff')}:</Typography.Text>
        {machine.shiftCalendar.daysOff.length === 0
          ? t('detail.none')
          : machine.shiftCalendar.daysOff.map((day) => <Tag key={day}>{day}</Tag>)}
      </Flex>
    </>
  );
}

/** The plant's edit mode: its fields with the same editors as the maker's form, saved on their own. */
function PlantFieldsForm({ machine, onDone }: { machine: Equipment; onDone: () => void }) {
  const { t } = useTranslation(['equipment', 'common']);
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PlantFormValues>();
  const save = useMutation({
    ...equipmentMutations.savePlantFields(machine.id),
    onSuccess: async () => {
      notify.success(t('form.updated', { serialNumber: machine.serialNumber }));
      await refreshEquipment(queryClient);
      onDone();
    },
    meta: { form },
  });
  return (
    <Form<PlantFormValues>
      form={form}
      layout="vertical"
      data-testid="plant-form"
      initialValues={plantFormValues(machine)}
      onFinish={(values) =>
        save.mutate({ ...plantInput(values), concurrencyStamp: machine.lastModificationTime ?? null })
      }
      scrollToFirstError
    >
      <PlantFields clientId={machine.clientId} />
      <Flex gap="small" wrap>
        <Button data-testid="plant-save" type="primary" htmlType="submit" loading={save.isPending}>
          {t('common:actions.save')}
        </Button>
        <Button data-testid="plant-cancel" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
      </Flex>
    </Form>
  );
}

/** Whether the signed-in user may open the digital-twin overview. */
function useMayOpenTwin(): boolean {
  const menus = useSession()?.menus;
  return flattenPages(menus ?? []).some((page) => page.id === DIGITAL_TWIN_PERMISSIONS.read);
}

/**
 * A machine (`…/detail/:id`) in either view: what it is and to whom it went, its live state (last seen,
 * active alarm), and the plant's fields — its line, capabilities, throughput and shift calendar. The
 * maker issues MQTT credentials and edits on the update page; the plant edits its fields here. A machine
 * without telemetry gets its status set by hand; one on the current line links to its digital twin.
 */
function EquipmentDetail({ variant }: { variant: EquipmentVariant }) {
  const { t } = useTranslation(['equipment', 'resource']);
  const locale = useLocale();
  const { id } = useParams();
  const buttons = usePageButtons();
  const session = useSession();
  const detail = useQuery({ ...equipmentQueries.machine(variant, id), refetchInterval: LIVE_REFRESH_MS });
  const machine = detail.data;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const listPath = useListPath();
  const credentials = useCredentialsAction(variant === 'admin' ? machine : undefined);
  const mayOpenTwin = useMayOpenTwin();
  const [editing, setEditing] = useState(false);
  const [settingStatus, setSettingStatus] = useState(false);

  const onTwin = machine?.productId != null && machine.productId === session?.product?.activeId && mayOpenTwin;
  const toolbar: ReactNode = machine && (
    <>
      {onTwin && (
        <Link to={`${TWIN_DETAIL}/${machine.id}`} data-testid="open-twin">
          <Button icon={<DashboardOutlined />}>{t('detail.openTwin')}</Button>
        </Link>
      )}
      {machine.productId != null && machine.productId === session?.product?.activeId && (
        <Slot name="machineReplan" props={{ equipmentId: machine.id, machine: machineLabel(machine) }} />
      )}
      {!machine.telemetry && buttons.has('status') && (
        <Button data-testid="set-status" icon={<SwapOutlined />} onClick={() => setSettingStatus(true)}>
          {t('status.button')}
        </Button>
      )}
      {variant === 'admin' && buttons.has('credentials') && credentials.button}
      {buttons.has('update') && !editing && (
        <Button
          data-testid="detail-edit"
          icon={<EditOutlined />}
          onClick={() =>
            variant === 'admin'
              ? void navigate(`${stripRouteSuffix(pathname)}/update/${machine.id}`, { state: { back: listPath } })
              : setEditing(true)
          }
        >
          {t('resource:actions.edit')}
        </Button>
      )}
    </>
  );

  return (
    <DetailCard
      title={machine && machineLabel(machine)}
      buttons={toolbar}
      loading={detail.isLoading}
      failed={detail.isError}
    >
      {machine && (
        <>
          <Descriptions
            data-testid="detail-machine"
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={[
              { key: 'serialNumber', label: t('fields.serialNumber'), children: machine.serialNumber },
              { key: 'name', label: t('fields.name'), children: machine.name },
              { key: 'spec', label: t('fields.spec'), children: machine.spec },
              { key: 'figureNo', label: t('fields.figureNo'), children: machine.figureNo },
              { key: 'productType', label: t('fields.productType'), children: machine.productTypeName },
              { key: 'client', label: t('fields.client'), children: machine.clientName },
              {
                key: 'saleStatus',
                label: t('fields.saleStatus'),
                children: <SaleStatusTag status={machine.saleStatus} />,
              },
              { key: 'creatorName', label: t('fields.creatorName'), children: machine.creatorName },
              { key: 'productionDate', label: t('fields.productionDate'), children: machine.productionDate },
            ]}
          />
          <Divider titlePlacement="start">{t('sections.live')}</Divider>
          <Descriptions
            data-testid="detail-live"
            size="small"
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={[
              {
                key: 'operationStatus',
                label: t('fields.operationStatus'),
                children: (
                  <span data-testid="detail-status">
                    <OperationStatusTag status={machine.operationStatus} />
                    {machine.mode && <Tag>{t(`modes.${machine.mode}`)}</Tag>}
                  </span>
                ),
              },
              {
                key: 'statusSince',
                label: t('fields.statusSince'),
                children: machine.statusSince && formatDateTime(machine.statusSince),
              },
              {
                key: 'lastSeen',
                label: t('fields.lastSeen'),
                children: machine.lastSeen ? formatDateTime(machine.lastSeen) : t('detail.neverSeen'),
              },
              {
                key: 'telemetry',
                label: t('fields.telemetry'),
                children: machine.telemetry
                  ? t('detail.telemetryOn', {
                      username: machine.mqttUsername ?? '',
                      time: machine.credentialsIssuedAt ? formatDateTime(machine.credentialsIssuedAt) : '',
                    })
                  : t('detail.telemetryOff'),
              },
            ]}
          />
          {machine.activeAlarm && (
            <Alert
              data-testid="detail-alarm"
              type={machine.activeAlarm.severity === 'info' ? 'info' : 'error'}
              showIcon
              title={`${machine.activeAlarm.code} · ${machine.activeAlarm.text}`}
              description={t('alarms.since', { time: formatDateTime(machine.activeAlarm.since) })}
              style={{ marginTop: 12 }}
            />
          )}
          {editing ? (
            <PlantFieldsForm machine={machine} onDone={() => setEditing(false)} />
          ) : (
            <>
              <Divider titlePlacement="start">{t('sections.plant')}</Divider>
              <Descriptions
                data-testid="detail-plant"
                size="small"
                column={{ xs: 1, sm: 2, lg: 3 }}
                items={[
                  { key: 'product', label: t('fields.product'), children: machine.productName },
                  {
                    key: 'techniques',
                    label: t('fields.techniques'),
                    children: machine.techniqueNames.map((name) => <Tag key={name}>{name}</Tag>),
                  },
                  {
                    key: 'diameters',
                    label: t('fields.diameterRange'),
                    children:
                      machine.diameterMin !== null || machine.diameterMax !== null
                        ? `Φ${machine.diameterMin ?? '?'} – Φ${machine.diameterMax ?? '?'}`
                        : null,
                  },
                  {
                    key: 'idealRate',
                    label: t('fields.idealRate'),
                    children:
                      machine.idealRate !== null &&
                      `${formatNumber(machine.idealRate, locale)} ${t('units.piecesPerHour')}`,
                  },
                  { key: 'remark', label: t('fields.remark'), children: machine.remark, span: 'filled' as const },
                ]}
              />
              <PlantTables machine={machine} />
            </>
          )}
        </>
      )}
      {machine && settingStatus && (
        <StatusDialog variant={variant} machine={machine} onClose={() => setSettingStatus(false)} />
      )}
      {credentials.dialog}
    </DetailCard>
  );
}

export const equipmentDetailScreens = {
  admin: () => <EquipmentDetail variant="admin" />,
  normal: () => <EquipmentDetail variant="normal" />,
};
