import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, DatePicker, Flex, Form, Input, Result, Select, Skeleton, Spin } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import {
  DEMAND_PRIORITIES,
  DEMAND_PRIORITY_LABELS,
  demandOrderInputSchema,
  isDemandOrderEditable,
  type DemandImportPreview,
  type DemandOrderDetail,
  type DemandOrderInput,
  type DemandPriority,
  type DemandSource,
} from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { FormActions } from '../../components/form-actions.tsx';
import { usePageButtons } from '../../components/page-access.ts';
import { useListPath, useOpenSaved } from '../../components/resource/use-record-form.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useZodField } from '../../lib/form-rules.ts';
import { useLocale } from '../../lib/i18n.ts';
import { plantToday } from '../../lib/plant-time.ts';
import {
  fromOrderLine,
  fromPreviewLine,
  hasOpenError,
  invalidFields,
  newLine,
  openProblems,
  toLineInput,
  type LineDraft,
} from './demand-line.ts';
import { DemandStatusTag } from './demand-tags.tsx';
import { IMPORT_ACCEPT, takeImport } from './import-handoff.ts';
import { LineEditor } from './line-editor.tsx';
import { planningMutations, planningQueries, refreshOrders } from './planning.queries.ts';
import { idempotencyKeys } from '../../lib/idempotency-keys.ts';
import { useNavigateFromHere } from '../../lib/navigate-from-here.ts';

type HeaderValues = {
  project?: string;
  element?: string;
  customer?: string;
  demandDate?: Dayjs;
  priority: DemandPriority;
  remark?: string;
};

const WIDE = { gridColumn: '1 / -1' };
const GRID = {
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(260px, 100%), 1fr))',
  columnGap: 16,
} as const;

/** The drafts of a preview, each with the problems the server found on it. */
function previewLines(preview: DemandImportPreview): LineDraft[] {
  const byLine = new Map<number, DemandImportPreview['problems']>();
  for (const problem of preview.problems) byLine.set(problem.lineNo, [...(byLine.get(problem.lineNo) ?? []), problem]);
  return preview.lines.map((line) => fromPreviewLine(line, byLine.get(line.lineNo) ?? []));
}

/** Problems not about a line the preview kept (a record that is no bar at all): shown above the lines. */
function strayProblems(preview: DemandImportPreview) {
  const kept = new Set(preview.lines.map((line) => line.lineNo));
  return preview.problems.filter((problem) => !kept.has(problem.lineNo));
}

/**
 * The refusals of a 400 answer by line key: `lines.3.length` → the fourth line sent. The server
 * validates again whatever the screen let through.
 */
function lineRefusals(error: unknown, sent: readonly LineDraft[]): Record<string, string[]> {
  if (!(error instanceof ApiError)) return {};
  const refusals: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(error.details)) {
    const [root, index, field] = path.split('.');
    const line = root === 'lines' ? sent[Number(index)] : undefined;
    if (line)
      refusals[line.key] = [...(refusals[line.key] ?? []), ...messages.map((m) => (field ? `${field}: ${m}` : m))];
  }
  return refusals;
}

/**
 * The add (`…/demandOrder/add`) and update (`…/update/:id`) page of a demand order, and its import
 * preview: the header, then the lines. Imported lines are shown as they will be saved, each with its
 * shape and its problems; saving is refused while an error is left unanswered (fixed or dropped). The
 * server validates everything again and computes the weights it keeps.
 */
export default function DemandOrderFormView() {
  const { t } = useTranslation(['planning', 'resource']);
  const locale = useLocale();
  const { id } = useParams();
  const navigate = useNavigateFromHere();
  const listPath = useListPath();
  const openSaved = useOpenSaved();
  const { notify } = useFeedback();
  const buttons = usePageButtons();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<HeaderValues>();
  const zodField = useZodField(demandOrderInputSchema);
  const keyFor = useMemo(() => idempotencyKeys(), []);
  const isUpdate = id !== undefined;
  const order = useQuery(planningQueries.order(id));
  const specs = useQuery(planningQueries.rebarSpecs());
  const techniques = useQuery(planningQueries.techniques());

  const [lines, setLines] = useState<LineDraft[]>(() => (isUpdate ? [] : [newLine()]));
  const [source, setSource] = useState<DemandSource>('manual');
  const [imported, setImported] = useState<{ fileName: string; preview: DemandImportPreview }>();
  // Each preview starts a fresh line editor: lines dropped from an earlier file are not offered back.
  const [previews, setPreviews] = useState(0);
  const [refusals, setRefusals] = useState<Record<string, string[]>>({});
  const [checked, setChecked] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const loadedOrder = useRef<DemandOrderDetail>(undefined);

  // An update starts from the order as loaded (once: a refetch must not wipe the edits).
  useEffect(() => {
    const detail = order.data;
    if (!detail || loadedOrder.current) return;
    loadedOrder.current = detail;
    form.setFieldsValue({
      project: detail.project,
      element: detail.element ?? undefined,
      customer: detail.customer ?? undefined,
      demandDate: dayjs(detail.demandDate),
      priority: detail.priority,
      remark: detail.remark ?? undefined,
    });
    setLines(detail.lines.map(fromOrderLine));
    setSource(detail.source);
  }, [order.data, form]);

  const preview = useMutation({
    ...planningMutations.preview(),
    onSuccess: (result, file) => {
      setImported({ fileName: file.name, preview: result });
      setPreviews((count) => count + 1);
      setLines(previewLines(result));
      setSource(result.format);
      setRefusals({});
      setChecked(false);
      if (!form.getFieldValue('project') && result.project) form.setFieldsValue({ project: result.project });
    },
  });
  const startImport = (file: File | undefined) => {
    if (file) preview.mutate(file);
  };

  // A file chosen on the list page's "Import".
  useEffect(() => {
    if (!isUpdate) startImport(takeImport());
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  const save = useMutation({
    ...planningMutations.save(id, keyFor),
    onSuccess: (saved) => {
      notify.success(t(isUpdate ? 'form.updated' : 'form.created', { code: saved.code }));
      void refreshOrders(queryClient);
      openSaved(saved.id);
    },
    meta: { form },
  });

  const blocking = useMemo(() => lines.filter(hasOpenError).length, [lines]);
  const warnings = useMemo(
    () => lines.filter((line) => openProblems(line).some((problem) => problem.severity === 'warning')).length,
    [lines],
  );
  const localRefusals = useMemo(() => {
    if (!checked) return {};
    const byKey: Record<string, string[]> = {};
    for (const line of lines) {
      const fields = invalidFields(line);
      if (fields.length > 0)
        byKey[line.key] = [t('lines.invalid', { fields: fields.map((f) => t(`fields.${f}`, f)).join(', ') })];
    }
    return byKey;
  }, [checked, lines, t]);
  const shownRefusals = useMemo(() => {
    const merged: Record<string, string[]> = { ...refusals };
    for (const [key, messages] of Object.entries(localRefusals)) merged[key] = [...(merged[key] ?? []), ...messages];
    return merged;
  }, [refusals, localRefusals]);

  const submit = (values: HeaderValues) => {
    setChecked(true);
    if (lines.length === 0) {
      notify.error(t('form.noLines'));
      return;
    }
    const invalid = lines.filter((line) => invalidFields(line).length > 0).length;
    if (invalid > 0) {
      notify.error(t('form.invalidLines', { count: invalid }));
      return;
    }
    const body: DemandOrderInput = {
      project: values.project?.trim() ?? '',
      element: values.element?.trim() || null,
      customer: values.customer?.trim() || null,
      demandDate: values.demandDate?.format('YYYY-MM-DD') ?? '',
      priority: values.priority,
      remark: values.remark?.trim() || null,
      source,
      lines: lines.map(toLineInput),
    };
    const sent = lines;
    setRefusals({});
    save.mutate(
      isUpdate ? { ...body, lastModificationTime: loadedOrder.current?.lastModificationTime ?? null } : body,
      { onError: (error) => setRefusals(lineRefusals(error, sent)) },
    );
  };

  const title = isUpdate
    ? t('form.editTitle', { code: order.data?.code ?? '' })
    : imported
      ? t('form.importTitle', { file: imported.fileName })
      : t('form.createTitle');
  const canImport = !isUpdate && buttons.has('import');

  if (isUpdate && order.isLoading)
    return (
      <Card title={title}>
        <Skeleton active />
      </Card>
    );
  if (isUpdate && (order.isError || (order.data && !isDemandOrderEditable(order.data.status))))
    return (
      <Card title={title}>
        <Result
          status="warning"
          title={order.isError ? t('resource:messages.loadFailed') : t('form.notEditable')}
          subTitle={order.data && <DemandStatusTag status={order.data.status} />}
          extra={
            <Button data-testid="form-back" onClick={() => navigate(listPath)}>
              {t('resource:actions.back')}
            </Button>
          }
        />
      </Card>
    );

  const stray = imported ? strayProblems(imported.preview) : [];
  return (
    <Card
      title={title}
      data-testid="demand-form"
      extra={
        canImport && (
          <>
            <Button
              data-testid="form-import"
              icon={<UploadOutlined />}
              loading={preview.isPending}
              onClick={() => fileInput.current?.click()}
            >
              {t('import.button')}
            </Button>
            <input
              ref={fileInput}
              data-testid="form-import-file"
              type="file"
              accept={IMPORT_ACCEPT}
              hidden
              onChange={(event) => {
                startImport(event.target.files?.[0]);
                event.target.value = '';
              }}
            />
          </>
        )
      }
    >
      <Spin spinning={preview.isPending} description={t('import.reading')}>
        <Form<HeaderValues>
          form={form}
          layout="vertical"
          variant="outlined"
          initialValues={{ priority: 'normal' }}
          onFinish={submit}
          scrollToFirstError
        >
          <div style={GRID}>
            <Form.Item {...zodField('project')} label={t('fields.project')}>
              <Input data-testid="field-project" maxLength={100} />
            </Form.Item>
            <Form.Item {...zodField('element')} label={t('fields.element')}>
              <Input data-testid="field-element" maxLength={100} placeholder={t('form.elementHint')} />
            </Form.Item>
            <Form.Item {...zodField('customer')} label={t('fields.customer')}>
              <Input data-testid="field-customer" maxLength={100} />
            </Form.Item>
            <Form.Item
              name="demandDate"
              label={t('fields.demandDate')}
              required
              rules={[
                { required: true, message: t('form.demandDateRequired') },
                // Said, not refused: an order may be entered late.
                {
                  warningOnly: true,
                  validator: (_rule, value?: Dayjs) =>
                    value && value.format('YYYY-MM-DD') < plantToday()
                      ? Promise.reject(new Error(t('form.demandDatePast')))
                      : Promise.resolve(),
                },
              ]}
            >
              <DatePicker data-testid="field-demandDate" style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="priority" label={t('fields.priority')} required>
              <Select
                data-testid="field-priority"
                options={DEMAND_PRIORITIES.map((value) => ({ value, label: DEMAND_PRIORITY_LABELS[value][locale] }))}
              />
            </Form.Item>
            <Form.Item {...zodField('remark')} label={t('fields.remark')} style={WIDE}>
              <Input.TextArea data-testid="field-remark" rows={2} maxLength={500} showCount />
            </Form.Item>
          </div>

          {imported && (
            <Alert
              data-testid="import-summary"
              style={{ marginBottom: 12 }}
              type={blocking > 0 ? 'error' : warnings > 0 ? 'warning' : 'success'}
              showIcon
              title={t('import.summary', {
                file: imported.fileName,
                format: t(`import.formats.${imported.preview.format}`),
                count: imported.preview.lines.length,
              })}
              description={
                <Flex vertical gap={2}>
                  <span>
                    {blocking > 0
                      ? t('import.blocking', { count: blocking })
                      : t('import.ready', { count: lines.length })}
                    {warnings > 0 && ` ${t('import.warnings', { count: warnings })}`}
                  </span>
                  {stray.map((problem, index) => (
                    <span key={index} data-testid={`problem-${problem.code}`}>
                      {t('import.strayLine', { lineNo: problem.lineNo, message: problem.message })}
                    </span>
                  ))}
                </Flex>
              }
            />
          )}

          <LineEditor
            key={previews}
            lines={lines}
            onChange={setLines}
            specs={specs.data ?? []}
            techniques={techniques.data ?? []}
            refusals={shownRefusals}
          />

          <FormActions
            saving={save.isPending}
            onCancel={() => navigate(listPath)}
            submitLabel={imported ? t('import.confirm', { count: lines.length }) : undefined}
            submitDisabled={blocking > 0 || preview.isPending}
            submitTooltip={blocking > 0 ? t('import.blocking', { count: blocking }) : undefined}
            submitOnEnter={false}
            style={{ marginTop: 16 }}
          />
        </Form>
      </Spin>
    </Card>
  );
}
