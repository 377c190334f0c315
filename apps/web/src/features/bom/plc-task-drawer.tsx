import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Divider, Drawer, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import { DeleteOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { PLC_PARAMETER_TYPES, plcTaskInputSchema, type PlcParameter, type PlcTask } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { ReferenceSelect } from '../../components/resource/reference-select.tsx';
import { useZodField } from '../../lib/form-rules.ts';
import { FORM_GRID } from './bom-layout.ts';
import { BOM_PATHS, bomMutations } from './bom.queries.ts';
import { EquipmentModelInput } from './equipment-models.tsx';
import { resourceKeys } from '../../components/resource/resource.queries.ts';

type Values = {
  code?: string;
  name?: string;
  equipmentModel?: string;
  techniqueId?: string | null;
  command?: string;
  description?: string | null;
  parameters?: PlcParameter[];
};

const CELL = { marginBottom: 4 };

/** The parameter definitions: each a name the command refers to as `{name}`, its label, type, unit and range. */
function ParameterRows() {
  const { t } = useTranslation('bom');
  return (
    <Form.List name="parameters">
      {(rows, { add, remove }) => (
        <Flex vertical gap={4}>
          {rows.map((row) => (
            <Flex key={row.key} gap={8} wrap align="start" data-testid="plc-parameter">
              <Form.Item
                name={[row.name, 'name']}
                rules={[{ required: true, pattern: /^[A-Za-z_]\w{0,31}$/ }]}
                style={CELL}
              >
                <Input data-testid="plc-parameter-name" placeholder={t('plc.parameter')} style={{ width: 120 }} />
              </Form.Item>
              <Form.Item name={[row.name, 'label']} rules={[{ required: true }]} style={CELL}>
                <Input placeholder={t('plc.label')} style={{ width: 140 }} maxLength={100} />
              </Form.Item>
              <Form.Item name={[row.name, 'type']} style={CELL}>
                <Select
                  style={{ width: 100 }}
                  options={PLC_PARAMETER_TYPES.map((value) => ({ value, label: t(`plc.types.${value}`) }))}
                />
              </Form.Item>
              <Form.Item name={[row.name, 'unit']} style={CELL}>
                <Input placeholder={t('twin.unit')} style={{ width: 70 }} maxLength={16} />
              </Form.Item>
              <Form.Item name={[row.name, 'min']} style={CELL}>
                <InputNumber placeholder={t('plc.min')} style={{ width: 90 }} />
              </Form.Item>
              <Form.Item name={[row.name, 'max']} style={CELL}>
                <InputNumber placeholder={t('plc.max')} style={{ width: 90 }} />
              </Form.Item>
              <Form.Item name={[row.name, 'options']} style={{ ...CELL, minWidth: 140, flex: 1 }}>
                <Select mode="tags" placeholder={t('plc.options')} tokenSeparators={[',']} open={false} />
              </Form.Item>
              <Form.Item name={[row.name, 'required']} valuePropName="checked" style={CELL}>
                <Checkbox>{t('plc.required')}</Checkbox>
              </Form.Item>
              <Button
                type="text"
                danger
                aria-label={t('plc.removeParameter')}
                icon={<DeleteOutlined />}
                onClick={() => remove(row.name)}
              />
            </Flex>
          ))}
          <Button
            data-testid="plc-add-parameter"
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ type: 'int', required: true })}
            style={{ alignSelf: 'start' }}
          >
            {t('plc.addParameter')}
          </Button>
        </Flex>
      )}
    </Form.List>
  );
}

/** Renders the saved template's command with sample values, as the machine would receive it. */
function TryIt({ task }: { task: PlcTask }) {
  const { t } = useTranslation('bom');
  const [values, setValues] = useState<Record<string, number | string>>({});
  const render = useMutation({ ...bomMutations.renderPlc(task.id), meta: { silent: true } });
  // The 400's problems by parameter (`values.<name>`), shown on their fields.
  const details = render.error instanceof ApiError ? render.error.details : {};
  const problemsOf = (name: string) => details[`values.${name}`];
  return (
    <Flex vertical gap="small" data-testid="plc-try">
      <Typography.Text type="secondary">{t('plc.tryHint')}</Typography.Text>
      <div style={FORM_GRID}>
        {task.parameters.map((parameter) => (
          <Form.Item
            key={parameter.name}
            data-testid={`plc-try-field-${parameter.name}`}
            label={`${parameter.label}${parameter.unit ? ` (${parameter.unit})` : ''}`}
            layout="vertical"
            validateStatus={problemsOf(parameter.name) ? 'error' : undefined}
            help={problemsOf(parameter.name)?.join(' ')}
            style={{ marginBottom: 8 }}
          >
            {parameter.type === 'enum' ? (
              <Select
                data-testid={`plc-try-${parameter.name}`}
                options={(parameter.options ?? []).map((value) => ({ value, label: value }))}
                onChange={(value: string) => setValues((current) => ({ ...current, [parameter.name]: value }))}
              />
            ) : parameter.type === 'text' ? (
              <Input
                data-testid={`plc-try-${parameter.name}`}
                onChange={(event) => setValues((current) => ({ ...current, [parameter.name]: event.target.value }))}
              />
            ) : (
              <InputNumber
                data-testid={`plc-try-${parameter.name}`}
                style={{ width: '100%' }}
                min={parameter.min ?? undefined}
                max={parameter.max ?? undefined}
                onChange={(value) =>
                  setValues((current) => ({ ...current, [parameter.name]: value === null ? '' : Number(value) }))
                }
              />
            )}
          </Form.Item>
        ))}
      </div>
      <Button
        data-testid="plc-render"
        icon={<PlayCircleOutlined />}
        loading={render.isPending}
        onClick={() => render.mutate(values)}
        style={{ alignSelf: 'start' }}
      >
        {t('plc.render')}
      </Button>
      {render.data && (
        <Typography.Text code copyable data-testid="plc-command">
          {render.data.command}
        </Typography.Text>
      )}
      {render.error && <Alert data-testid="plc-render-error" type="error" title={render.error.message} />}
    </Flex>
  );
}

/** A PLC task template's editor, over the list: its fields, parameters and (once saved) a rendering to try. */
export function PlcTaskDrawer({ task, onClose }: { task: PlcTask | undefined; onClose: () => void }) {
  const { t } = useTranslation(['bom', 'common']);
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const zodField = useZodField(plcTaskInputSchema);
  const save = useMutation({
    ...bomMutations.savePlc(task?.id),
    onSuccess: async (saved) => {
      notify.success(t(task ? 'form.updated' : 'form.created', { code: saved.code }));
      await queryClient.invalidateQueries({ queryKey: resourceKeys.root(BOM_PATHS.plc) });
      onClose();
    },
    meta: { form },
  });
  const submit = (values: Values) =>
    save.mutate({
      code: values.code?.trim() ?? '',
      name: values.name?.trim() ?? '',
      equipmentModel: values.equipmentModel?.trim() ?? '',
      techniqueId: values.techniqueId ?? null,
      command: values.command?.trim() ?? '',
      description: values.description?.trim() || null,
      parameters: (values.parameters ?? []).map((parameter) => ({
        ...parameter,
        unit: parameter.unit?.trim() || null,
        min: parameter.min ?? null,
        max: parameter.max ?? null,
        options: parameter.type === 'enum' ? (parameter.options ?? []) : null,
        required: parameter.required ?? true,
      })),
      lastModificationTime: task?.lastModificationTime ?? null,
    });
  return (
    <Drawer
      open
      size="min(960px, 100vw)"
      title={task ? t('plc.editTitle', { code: task.code }) : t('plc.addTitle')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Button data-testid="plc-save" type="primary" loading={save.isPending} onClick={() => form.submit()}>
          {t('common:actions.save')}
        </Button>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={task ?? { parameters: [] }}
        onFinish={submit}
        scrollToFirstError
      >
        <div style={FORM_GRID}>
          <Form.Item {...zodField('code')} label={t('fields.code')}>
            <Input data-testid="plc-code" maxLength={50} />
          </Form.Item>
          <Form.Item {...zodField('name')} label={t('fields.name')}>
            <Input data-testid="plc-name" maxLength={100} />
          </Form.Item>
          <Form.Item {...zodField('equipmentModel')} label={t('plc.equipmentModel')}>
            <EquipmentModelInput data-testid="plc-equipmentModel" maxLength={100} />
          </Form.Item>
          <Form.Item name="techniqueId" label={t('plc.technique')}>
            <ReferenceSelect to="technique" data-testid="plc-technique" allowClear />
          </Form.Item>
        </div>
        <Form.Item {...zodField('command')} label={t('plc.command')} extra={t('plc.commandHint')}>
          <Input.TextArea data-testid="plc-command-template" maxLength={500} autoSize={{ minRows: 2 }} />
        </Form.Item>
        <Form.Item {...zodField('description')} label={t('fields.remark')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 1 }} />
        </Form.Item>
        <Divider titlePlacement="start">{t('plc.parameters')}</Divider>
        <ParameterRows />
      </Form>
      {task && (
        <>
          <Divider titlePlacement="start">{t('plc.try')}</Divider>
          <TryIt task={task} />
        </>
      )}
    </Drawer>
  );
}
