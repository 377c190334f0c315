import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Modal, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, LinkOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import type { OrderDrop, OrderDropsInput } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { refreshOrders } from './planning.queries.ts';
import { dropKeys, dropLinkOf, dropMutations, dropQueries } from './order-drops.queries.ts';

const DIALOG_WIDTH = 'min(720px, calc(100vw - 32px))';

type DropFields = {
  site?: string;
  date?: string;
  windowStart?: string;
  windowEnd?: string;
  marks?: string[];
  contact?: string;
};

/** The form's values as the API takes them: an empty time or contact is none. */
function inputOf(drops: DropFields[]): OrderDropsInput {
  return {
    drops: drops.map((drop) => ({
      site: drop.site ?? '',
      date: drop.date ?? '',
      windowStart: drop.windowStart || null,
      windowEnd: drop.windowEnd || null,
      marks: drop.marks ?? [],
      contact: drop.contact || null,
    })),
  };
}

/** Editing an order's drops as a whole, one block per drop; the server's field errors land on their fields. */
function DropsDialog({
  orderId,
  marks,
  drops,
  onClose,
}: {
  orderId: string;
  marks: readonly string[];
  drops: readonly OrderDrop[];
  onClose: () => void;
}) {
  const { t } = useTranslation('planning');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ drops: DropFields[] }>();
  const save = useMutation({
    ...dropMutations.save(orderId),
    onSuccess: async (saved) => {
      queryClient.setQueryData(dropKeys.drops(orderId), saved);
      // The order's date follows its earliest drop.
      await refreshOrders(queryClient);
      onClose();
    },
    meta: { form },
  });
  const initial: DropFields[] =
    drops.length > 0
      ? drops.map((drop) => ({
          site: drop.site,
          date: drop.date,
          windowStart: drop.windowStart ?? '',
          windowEnd: drop.windowEnd ?? '',
          marks: drop.marks,
          contact: drop.contact ?? '',
        }))
      : [{ marks: [] }];
  const required = [{ required: true, message: t('drops.required') }];
  return (
    <Modal
      open
      width={DIALOG_WIDTH}
      title={t('drops.editTitle')}
      okText={t('drops.save')}
      okButtonProps={{ 'data-testid': 'drops-save', loading: save.isPending }}
      onOk={() => void form.validateFields().then((values) => save.mutate(inputOf(values.drops)))}
      onCancel={onClose}
    >
      <Form form={form} layout="vertical" initialValues={{ drops: initial }} data-testid="drops-form">
        <Form.List name="drops">
          {(fields, { add, remove }) => (
            <Flex vertical gap="small">
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  title={t('drops.drop', { seq: index + 1 })}
                  data-testid={`drop-edit-${index + 1}`}
                  extra={
                    fields.length > 1 && (
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('drops.remove')}
                        data-testid={`drop-remove-${index + 1}`}
                        onClick={() => remove(field.name)}
                      />
                    )
                  }
                >
                  <Flex gap="small" wrap>
                    <Form.Item
                      name={[field.name, 'site']}
                      label={t('drops.site')}
                      rules={required}
                      style={{ flex: '2 1 220px' }}
                    >
                      <Input maxLength={200} data-testid={`drop-site-${index + 1}`} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'date']}
                      label={t('drops.date')}
                      rules={required}
                      style={{ flex: '1 1 150px' }}
                    >
                      <Input type="date" data-testid={`drop-date-${index + 1}`} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'windowStart']}
                      label={t('drops.windowStart')}
                      style={{ flex: '1 1 110px' }}
                    >
                      <Input type="time" data-testid={`drop-from-${index + 1}`} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'windowEnd']}
                      label={t('drops.windowEnd')}
                      style={{ flex: '1 1 110px' }}
                    >
                      <Input type="time" data-testid={`drop-to-${index + 1}`} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'marks']}
                      label={t('drops.marks')}
                      extra={t('drops.marksHelp')}
                      style={{ flex: '2 1 220px' }}
                    >
                      <Select
                        mode="multiple"
                        allowClear
                        data-testid={`drop-marks-${index + 1}`}
                        options={marks.map((mark) => ({ value: mark, label: mark }))}
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, 'contact']} label={t('drops.contact')} style={{ flex: '1 1 180px' }}>
                      <Input maxLength={100} data-testid={`drop-contact-${index + 1}`} />
                    </Form.Item>
                  </Flex>
                </Card>
              ))}
              <Button icon={<PlusOutlined />} data-testid="drop-add" onClick={() => add({ marks: [] })}>
                {t('drops.add')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

/** A drop's link: share one (a new token), copy it, or revoke it (the page then says the link is unknown). */
function DropLink({ orderId, drop, mayEdit }: { orderId: string; drop: OrderDrop; mayEdit: boolean }) {
  const { t } = useTranslation('planning');
  const { confirm } = useFeedback();
  const queryClient = useQueryClient();
  const share = useMutation({
    ...dropMutations.share(orderId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dropKeys.drops(orderId) }),
  });
  const revoke = () =>
    confirm({
      title: t('drops.revokeTitle', { seq: drop.seq }),
      content: t('drops.revokeExplain'),
      danger: true,
      onOk: () => share.mutateAsync({ seq: drop.seq, share: false }).catch(() => undefined),
    });
  const link = drop.shareToken && dropLinkOf(drop.shareToken);
  return (
    <Flex gap="small" align="center" wrap>
      {link ? (
        <Typography.Link
          href={link}
          target="_blank"
          copyable={{ text: link, tooltips: [t('drops.copy'), t('drops.copied')] }}
          data-testid={`drop-link-${drop.seq}`}
        >
          {t('drops.open')}
        </Typography.Link>
      ) : (
        <Typography.Text type="secondary">{t('drops.notShared')}</Typography.Text>
      )}
      {mayEdit && (
        <Button
          size="small"
          icon={<LinkOutlined />}
          loading={share.isPending && share.variables?.share === true}
          data-testid={`drop-share-${drop.seq}`}
          onClick={() => share.mutate({ seq: drop.seq, share: true })}
        >
          {link ? t('drops.renew') : t('drops.share')}
        </Button>
      )}
      {mayEdit && link && (
        <Button size="small" danger icon={<StopOutlined />} data-testid={`drop-revoke-${drop.seq}`} onClick={revoke}>
          {t('drops.revoke')}
        </Button>
      )}
    </Flex>
  );
}

/**
 * An order's drops on its page: each a stop on a site on a date and window, with the marks it carries
 * and the site contact; edited as a whole in a dialog; each drop's link shared, copied or revoked.
 */
export function OrderDrops({
  orderId,
  marks,
  mayEdit,
}: {
  orderId: string;
  marks: readonly string[];
  mayEdit: boolean;
}) {
  const { t } = useTranslation('planning');
  const drops = useQuery(dropQueries.drops(orderId));
  const [editing, setEditing] = useState(false);
  const rows = drops.data?.drops ?? [];
  const columns: TableColumnsType<OrderDrop> = [
    { title: '#', dataIndex: 'seq', width: 40 },
    { title: t('drops.site'), dataIndex: 'site' },
    {
      title: t('drops.when'),
      key: 'when',
      render: (_value, drop) =>
        drop.windowStart && drop.windowEnd ? `${drop.date} ${drop.windowStart}–${drop.windowEnd}` : drop.date,
    },
    {
      title: t('drops.marks'),
      key: 'marks',
      render: (_value, drop) =>
        drop.marks.length === 0 ? (
          <Typography.Text type="secondary">{t('drops.otherMarks')}</Typography.Text>
        ) : (
          <Flex gap={2} wrap>
            {drop.marks.map((mark) => (
              <Tag key={mark}>{mark}</Tag>
            ))}
          </Flex>
        ),
    },
    { title: t('drops.contact'), dataIndex: 'contact', render: (value: string | null) => value ?? '—' },
    {
      title: t('drops.link'),
      key: 'link',
      render: (_value, drop) => <DropLink orderId={orderId} drop={drop} mayEdit={mayEdit} />,
    },
  ];
  return (
    <Card
      size="small"
      title={t('drops.title')}
      data-testid="order-drops"
      extra={
        mayEdit && (
          <Button size="small" icon={<EditOutlined />} data-testid="drops-edit" onClick={() => setEditing(true)}>
            {t('drops.edit')}
          </Button>
        )
      }
    >
      <Table<OrderDrop>
        size="small"
        rowKey="seq"
        loading={drops.isLoading}
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('drops.none') }}
        onRow={(drop) => ({ 'data-testid': `drop-row-${drop.seq}` }) as object}
      />
      {editing && drops.data && (
        <DropsDialog orderId={orderId} marks={marks} drops={rows} onClose={() => setEditing(false)} />
      )}
    </Card>
  );
}
