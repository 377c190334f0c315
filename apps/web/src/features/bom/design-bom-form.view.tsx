import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Form, Input } from 'antd';
import { designBomInputSchema } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { FormActions } from '../../components/form-actions.tsx';
import { FormLoadCard } from '../../components/resource/form-page.tsx';
import { ReferenceSelect } from '../../components/resource/reference-select.tsx';
import { useFillOnce, useListPath, useOpenSaved } from '../../components/resource/use-record-form.ts';
import { useZodField } from '../../lib/form-rules.ts';
import { FORM_GRID } from './bom-layout.ts';
import { versionLabel } from './bom-tags.tsx';
import { bomMutations, bomQueries, refreshBoms } from './bom.queries.ts';
import { PartPicker } from './part-picker.tsx';
import { useNavigateFromHere } from '../../lib/navigate-from-here.ts';

type Values = { code?: string; name?: string; productTypeId?: string | null; partId?: string; remark?: string | null };

/**
 * A new design BOM (`add`: version 1 with the root part as its root node) or a draft's header
 * (`update/:id`: name, product type, remark; code and root part stay).
 */
export default function DesignBomFormView() {
  const { t } = useTranslation(['bom', 'resource']);
  const { id } = useParams();
  const navigate = useNavigateFromHere();
  const listPath = useListPath();
  const openSaved = useOpenSaved();
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const zodField = useZodField(designBomInputSchema);
  const isUpdate = id !== undefined;
  const bom = useQuery(bomQueries.designBom(id));

  const loaded = bom.data;
  useFillOnce(form, loaded, (record) => ({
    name: record.name,
    productTypeId: record.productTypeId,
    remark: record.remark,
  }));

  const onSaved = (saved: { id: string; code: string; version: number }) => {
    notify.success(t(isUpdate ? 'form.updated' : 'form.created', { code: versionLabel(saved) }));
    void refreshBoms(queryClient);
    openSaved(saved.id);
  };
  const create = useMutation({ ...bomMutations.createDesign(), onSuccess: onSaved, meta: { form } });
  const update = useMutation({ ...bomMutations.updateDesign(id ?? ''), onSuccess: onSaved, meta: { form } });

  const submit = (values: Values) => {
    const header = {
      name: values.name?.trim() ?? '',
      productTypeId: values.productTypeId ?? null,
      remark: values.remark?.trim() || null,
    };
    if (isUpdate) update.mutate({ ...header, lastModificationTime: bom.data?.lastModificationTime ?? null });
    else create.mutate({ ...header, code: values.code?.trim() ?? '', partId: values.partId ?? '' });
  };

  const title = isUpdate ? t('form.editTitle', { code: loaded ? versionLabel(loaded) : '' }) : t('form.addTitle');
  if (isUpdate && (bom.isLoading || bom.isError)) return <FormLoadCard title={title} loading={bom.isLoading} />;
  return (
    <Card title={title} data-testid="design-bom-form">
      <Form<Values> form={form} layout="vertical" onFinish={submit} scrollToFirstError>
        <div style={FORM_GRID}>
          {!isUpdate && (
            <Form.Item {...zodField('code')} label={t('fields.code')}>
              <Input data-testid="field-code" maxLength={50} />
            </Form.Item>
          )}
          <Form.Item {...zodField('name')} label={t('fields.name')}>
            <Input data-testid="field-name" maxLength={100} />
          </Form.Item>
          <Form.Item name="productTypeId" label={t('fields.productType')}>
            <ReferenceSelect to="productType" data-testid="field-productTypeId" allowClear />
          </Form.Item>
          {!isUpdate && (
            <Form.Item {...zodField('partId')} label={t('fields.rootPart')} extra={t('form.rootPartHint')}>
              <PartPicker data-testid="field-partId" />
            </Form.Item>
          )}
          <Form.Item {...zodField('remark')} label={t('fields.remark')} style={{ gridColumn: '1 / -1' }}>
            <Input.TextArea data-testid="field-remark" maxLength={500} autoSize={{ minRows: 2 }} />
          </Form.Item>
        </div>
        <FormActions saving={create.isPending || update.isPending} onCancel={() => navigate(listPath)} />
      </Form>
    </Card>
  );
}
