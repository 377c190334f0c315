import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, TreeSelect } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  PLC_DATA_TYPES,
  TELEMETRY_FIELDS,
  digitalTwinBomInputSchema,
  type BomNode,
  type PlcSignal,
} from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { FormActions } from '../../components/form-actions.tsx';
import { FormLoadCard } from '../../components/resource/form-page.tsx';
import { useFillOnce, useListPath } from '../../components/resource/use-record-form.ts';
import { useZodField } from '../../lib/form-rules.ts';
import { FORM_GRID } from './bom-layout.ts';
import { versionLabel } from './bom-tags.tsx';
import { toTree, type BomTreeItem } from './bom-tree.ts';
import { bomMutations, bomQueries, refreshBoms } from './bom.queries.ts';
import { useNavigateFromHere } from '../../lib/navigate-from-here.ts';

type ElementValues = { element?: string; designNodeId?: string | null; signals?: PlcSignal[]; alarmCodes?: string[] };
type Values = {
  code?: string;
  name?: string;
  designBomId?: string;
  remark?: string | null;
  elements?: ElementValues[];
};

type NodeOption = { value: string; title: string; children: NodeOption[] };
const nodeOptions = (items: BomTreeItem[]): NodeOption[] =>
  items.map((item) => ({
    value: item.node.id,
    title: `${item.node.positionNo ?? ''} ${item.node.partCode} ${item.node.partName}`.trim(),
    children: nodeOptions(item.children),
  }));

/** An element's PLC signals: address, data type, unit, the telemetry field it feeds, a description. */
function SignalRows({ element }: { element: number }) {
  const { t } = useTranslation('bom');
  return (
    <Form.List name={[element, 'signals']}>
      {(rows, { add, remove }) => (
        <Flex vertical gap={4}>
          {rows.map((row) => (
            <Flex key={row.key} gap={8} wrap align="start" data-testid="twin-signal">
              <Form.Item name={[row.name, 'address']} rules={[{ required: true }]} style={{ marginBottom: 4 }}>
                <Input placeholder={t('twin.address')} style={{ width: 160 }} maxLength={100} />
              </Form.Item>
              <Form.Item name={[row.name, 'dataType']} rules={[{ required: true }]} style={{ marginBottom: 4 }}>
                <Select
                  placeholder={t('twin.dataType')}
                  style={{ width: 110 }}
                  options={PLC_DATA_TYPES.map((value) => ({ value, label: value }))}
                />
              </Form.Item>
              <Form.Item name={[row.name, 'unit']} style={{ marginBottom: 4 }}>
                <Input placeholder={t('twin.unit')} style={{ width: 80 }} maxLength={16} />
              </Form.Item>
              <Form.Item name={[row.name, 'telemetryField']} style={{ marginBottom: 4 }}>
                <Select
                  allowClear
                  placeholder={t('twin.telemetryField')}
                  style={{ width: 130 }}
                  options={TELEMETRY_FIELDS.map((value) => ({ value, label: value }))}
                />
              </Form.Item>
              <Form.Item name={[row.name, 'description']} style={{ marginBottom: 4, flex: 1, minWidth: 160 }}>
                <Input placeholder={t('fields.remark')} maxLength={200} />
              </Form.Item>
              <Button
                type="text"
                danger
                aria-label={t('twin.removeSignal')}
                icon={<DeleteOutlined />}
                onClick={() => remove(row.name)}
              />
            </Flex>
          ))}
          <Button
            data-testid="twin-add-signal"
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ dataType: 'INT' })}
            style={{ alignSelf: 'start' }}
          >
            {t('twin.addSignal')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

/** `add` / `update/:id` of a digital-twin BOM: its header and its elements, each with a node, signals and alarm codes. */
export default function TwinBomFormView() {
  const { t } = useTranslation(['bom', 'resource']);
  const { id } = useParams();
  const navigate = useNavigateFromHere();
  const listPath = useListPath();
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const zodField = useZodField(digitalTwinBomInputSchema);
  const isUpdate = id !== undefined;
  const twin = useQuery(bomQueries.twinBom(id));
  const designs = useQuery(bomQueries.designBoms());
  const designBomId = Form.useWatch('designBomId', form);
  const design = useQuery(bomQueries.designBom(designBomId));
  const nodes: BomNode[] | undefined = design.data?.nodes;
  const treeData = useMemo(() => nodeOptions(toTree(nodes ?? [])), [nodes]);

  const loaded = twin.data;
  useFillOnce(form, loaded, (record) => ({
    code: record.code,
    name: record.name,
    designBomId: record.designBomId,
    remark: record.remark,
    elements: record.elements.map((element) => ({
      element: element.element,
      designNodeId: element.designNodeId,
      signals: element.signals,
      alarmCodes: element.alarmCodes,
    })),
  }));

  const save = useMutation({
    ...bomMutations.saveTwin(id),
    onSuccess: (saved) => {
      notify.success(t(isUpdate ? 'form.updated' : 'form.created', { code: saved.code }));
      void refreshBoms(queryClient);
      navigate(listPath);
    },
    meta: { form },
  });
  const submit = (values: Values) =>
    save.mutate({
      code: values.code?.trim() ?? '',
      name: values.name?.trim() ?? '',
      designBomId: values.designBomId ?? '',
      remark: values.remark?.trim() || null,
      elements: (values.elements ?? []).map((element) => ({
        element: element.element?.trim() ?? '',
        designNodeId: element.designNodeId ?? null,
        signals: (element.signals ?? []).map((signal) => ({
          ...signal,
          unit: signal.unit?.trim() || null,
          telemetryField: signal.telemetryField ?? null,
          description: signal.description?.trim() || null,
        })),
        alarmCodes: element.alarmCodes ?? [],
      })),
      lastModificationTime: twin.data?.lastModificationTime ?? null,
    });

  const title = isUpdate ? t('twin.editTitle', { code: loaded?.code ?? '' }) : t('twin.addTitle');
  if (isUpdate && (twin.isLoading || twin.isError)) return <FormLoadCard title={title} loading={twin.isLoading} />;
  return (
    <Card title={title} data-testid="twin-form">
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ elements: [] }}
        onFinish={submit}
        onValuesChange={(changed: Partial<Values>) => {
          // Nodes of another BOM mean nothing in this one.
          if ('designBomId' in changed)
            form.setFieldValue(
              'elements',
              (form.getFieldValue('elements') as ElementValues[] | undefined)?.map((element) => ({
                ...element,
                designNodeId: null,
              })),
            );
        }}
        scrollToFirstError
      >
        <div style={FORM_GRID}>
          <Form.Item {...zodField('code')} label={t('fields.code')}>
            <Input data-testid="field-code" maxLength={50} />
          </Form.Item>
          <Form.Item {...zodField('name')} label={t('fields.name')}>
            <Input data-testid="field-name" maxLength={100} />
          </Form.Item>
          <Form.Item {...zodField('designBomId')} label={t('fields.designBom')}>
            <Select<string>
              data-testid="field-designBomId"
              showSearch={{ optionFilterProp: 'label' }}
              loading={designs.isLoading}
              options={designs.data?.map((bom) => ({ value: bom.id, label: `${versionLabel(bom)} ${bom.name}` }))}
            />
          </Form.Item>
          <Form.Item {...zodField('remark')} label={t('fields.remark')}>
            <Input data-testid="field-remark" maxLength={500} />
          </Form.Item>
        </div>
        <Form.List name="elements">
          {(elements, { add, remove }) => (
            <Flex vertical gap="middle">
              {elements.map((element, index) => (
                <Card
                  key={element.key}
                  size="small"
                  data-testid="twin-element"
                  title={t('twin.element', { index: index + 1 })}
                  extra={
                    <Button
                      type="text"
                      danger
                      aria-label={t('twin.removeElement')}
                      icon={<DeleteOutlined />}
                      onClick={() => remove(element.name)}
                    />
                  }
                >
                  <div style={FORM_GRID}>
                    <Form.Item
                      name={[element.name, 'element']}
                      label={t('twin.elementName')}
                      rules={[{ required: true }]}
                    >
                      <Input data-testid="twin-element-name" maxLength={100} />
                    </Form.Item>
                    <Form.Item name={[element.name, 'designNodeId']} label={t('twin.node')}>
                      <TreeSelect
                        data-testid="twin-element-node"
                        allowClear
                        showSearch={{ treeNodeFilterProp: 'title' }}
                        treeDefaultExpandAll
                        disabled={!designBomId}
                        treeData={treeData}
                        virtual
                      />
                    </Form.Item>
                    <Form.Item name={[element.name, 'alarmCodes']} label={t('twin.alarmCodes')}>
                      <Select mode="tags" data-testid="twin-element-alarms" tokenSeparators={[',', ' ']} open={false} />
                    </Form.Item>
                  </div>
                  <SignalRows element={element.name} />
                </Card>
              ))}
              <Button
                data-testid="twin-add-element"
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ signals: [], alarmCodes: [] })}
              >
                {t('twin.addElement')}
              </Button>
            </Flex>
          )}
        </Form.List>
        <FormActions saving={save.isPending} onCancel={() => navigate(listPath)} style={{ marginTop: 16 }} />
      </Form>
    </Card>
  );
}
