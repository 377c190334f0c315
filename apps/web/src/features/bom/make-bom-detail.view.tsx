import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Form, InputNumber, Modal, Radio, Select, Table, Tag } from 'antd';
import { DownloadOutlined, EditOutlined } from '@ant-design/icons';
import { MAKE_OR_BUY, makeBomNodeUpdateSchema, type MakeBomNode } from '@armature/domain';
import { DetailCard } from '../../components/detail-card.tsx';
import { DIALOG_WIDTH, useFeedback } from '../../components/feedback.tsx';
import { usePageButtons } from '../../components/page-access.ts';
import { useReferenceOptions } from '../../components/resource/reference-select.tsx';
import { api } from '../../lib/api-client.ts';
import { useZodField } from '../../lib/form-rules.ts';
import { useLocale } from '../../lib/i18n.ts';
import { formatNumber } from '../../lib/number-format.ts';
import { BOM_PATHS, bomMutations, bomQueries, refreshBoms } from './bom.queries.ts';
import { EquipmentModelInput } from './equipment-models.tsx';

type Values = {
  techniqueIds: string[];
  sequence?: number | null;
  workCentre?: string | null;
  makeOrBuy: 'make' | 'buy';
};

/** A node's process data: techniques, its step in the routing, the work centre, made or bought. */
function ProcessDialog({ makeId, node, onClose }: { makeId: string; node: MakeBomNode; onClose: () => void }) {
  const { t } = useTranslation(['bom', 'common']);
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const zodField = useZodField(makeBomNodeUpdateSchema);
  const techniques = useReferenceOptions('technique');
  const save = useMutation({
    ...bomMutations.updateMakeNode(makeId),
    onSuccess: async () => {
      notify.success(t('node.updated'));
      await refreshBoms(queryClient);
      onClose();
    },
    meta: { form },
  });
  return (
    <Modal
      open
      width={DIALOG_WIDTH}
      title={`${node.partCode} ${node.partName}`}
      okText={t('common:actions.save')}
      okButtonProps={{ loading: save.isPending }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{
          techniqueIds: node.techniqueIds,
          sequence: node.sequence,
          workCentre: node.workCentre,
          makeOrBuy: node.makeOrBuy,
        }}
        onFinish={(values) =>
          save.mutate({
            nodeId: node.id,
            body: {
              techniqueIds: values.techniqueIds,
              sequence: values.sequence ?? null,
              workCentre: values.workCentre?.trim() || null,
              makeOrBuy: values.makeOrBuy,
            },
          })
        }
      >
        <Form.Item name="techniqueIds" label={t('fields.techniques')}>
          <Select<string[]>
            data-testid="process-techniques"
            mode="multiple"
            showSearch={{ optionFilterProp: 'label' }}
            loading={techniques.isLoading}
            options={techniques.data}
          />
        </Form.Item>
        <Form.Item {...zodField('sequence')} label={t('fields.sequence')}>
          <InputNumber data-testid="process-sequence" min={0} max={100_000} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item {...zodField('workCentre')} label={t('fields.workCentre')}>
          <EquipmentModelInput data-testid="process-workCentre" maxLength={100} />
        </Form.Item>
        <Form.Item name="makeOrBuy" label={t('fields.makeOrBuy')}>
          <Radio.Group
            data-testid="process-makeOrBuy"
            options={MAKE_OR_BUY.map((value) => ({ value, label: t(`make.${value}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A manufacturing BOM: the design tree with each node's process data, edited node by node. */
export default function MakeBomDetailView() {
  const { t } = useTranslation(['bom', 'resource']);
  const locale = useLocale();
  const { id = '' } = useParams();
  const buttons = usePageButtons();
  const detail = useQuery(bomQueries.makeBom(id));
  const bom = detail.data;
  const [editing, setEditing] = useState<MakeBomNode>();
  const exportBom = useMutation({
    mutationFn: async () => {
      const [file, { downloadBlob }] = await Promise.all([
        api.download(`${BOM_PATHS.make}/${id}/export`),
        import('../../components/resource/xlsx-export.ts'),
      ]);
      downloadBlob(file.fileName ?? `${bom?.code ?? id}.xlsx`, file.blob);
    },
  });
  const mayEdit = buttons.has('update');
  return (
    <DetailCard
      title={bom && `${bom.code} ${bom.name}`}
      loading={detail.isLoading}
      failed={detail.isError}
      buttons={
        buttons.has('export') && (
          <Button
            data-testid="make-export"
            icon={<DownloadOutlined />}
            loading={exportBom.isPending}
            onClick={() => exportBom.mutate()}
          >
            {t('resource:actions.export')}
          </Button>
        )
      }
    >
      {bom && (
        <>
          <Descriptions
            bordered
            size="small"
            column={{ xs: 1, md: 3 }}
            style={{ marginBottom: 12 }}
            items={[
              { key: 'design', label: t('fields.designBom'), children: `${bom.code}` },
              { key: 'version', label: t('fields.version'), children: `V${bom.designVersion}` },
              { key: 'nodes', label: t('fields.nodeCount'), children: bom.nodeCount },
            ]}
          />
          <Table<MakeBomNode>
            data-testid="make-nodes"
            size="small"
            rowKey="id"
            virtual
            pagination={false}
            scroll={{ x: 1100, y: 560 }}
            dataSource={bom.nodes}
            onRow={(node) => ({ 'data-testid': `make-node-${node.partCode}` }) as object}
            columns={[
              {
                title: t('fields.part'),
                dataIndex: 'partCode',
                width: 280,
                fixed: 'start',
                render: (_value, node) => (
                  <span
                    style={{ paddingInlineStart: 16 * node.depth }}
                  >{`${node.positionNo ?? ''} ${node.partCode} ${node.partName}`}</span>
                ),
              },
              {
                title: t('fields.quantity'),
                dataIndex: 'quantity',
                width: 100,
                align: 'end',
                render: (_value, node) => `${formatNumber(node.quantity, locale)} ${node.partUnit}`,
              },
              {
                title: t('fields.rolledQuantity'),
                dataIndex: 'rolledQuantity',
                width: 100,
                align: 'end',
                render: (value: number) => formatNumber(value, locale),
              },
              {
                title: t('fields.techniques'),
                dataIndex: 'techniqueNames',
                width: 200,
                render: (names: string[]) => names.map((name) => <Tag key={name}>{name}</Tag>),
              },
              { title: t('fields.sequence'), dataIndex: 'sequence', width: 80 },
              { title: t('fields.workCentre'), dataIndex: 'workCentre', width: 160 },
              {
                title: t('fields.makeOrBuy'),
                dataIndex: 'makeOrBuy',
                width: 90,
                render: (value: MakeBomNode['makeOrBuy']) => (
                  <Tag color={value === 'make' ? 'blue' : 'purple'}>{t(`make.${value}`)}</Tag>
                ),
              },
              ...(mayEdit
                ? [
                    {
                      title: t('resource:list.actions'),
                      key: 'actions',
                      width: 60,
                      fixed: 'end' as const,
                      render: (_value: unknown, node: MakeBomNode) => (
                        <Button
                          data-testid={`make-edit-${node.partCode}`}
                          type="text"
                          size="small"
                          aria-label={t('resource:actions.edit')}
                          icon={<EditOutlined />}
                          onClick={() => setEditing(node)}
                        />
                      ),
                    },
                  ]
                : []),
            ]}
          />
          {editing && <ProcessDialog makeId={bom.id} node={editing} onClose={() => setEditing(undefined)} />}
        </>
      )}
    </DetailCard>
  );
}
