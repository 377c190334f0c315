import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, DatePicker, Divider, Form, Input, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { SALE_STATUSES, SALE_STATUS_LABELS, equipmentInputSchema, type SaleStatus } from '@armature/domain';
import { useFeedback } from '../../components/feedback.tsx';
import { FormActions } from '../../components/form-actions.tsx';
import { FormLoadCard } from '../../components/resource/form-page.tsx';
import { ReferenceSelect } from '../../components/resource/reference-select.tsx';
import { useFillOnce, useListPath, useOpenSaved } from '../../components/resource/use-record-form.ts';
import { useZodField } from '../../lib/form-rules.ts';
import { useLocale } from '../../lib/i18n.ts';
import { equipmentMutations, equipmentQueries, refreshEquipment } from './equipment.queries.ts';
import { FORM_GRID, PlantFields } from './plant-fields.tsx';
import { plantFormValues, plantInput, type PlantFormValues } from './plant-form-values.ts';
import { useNavigateFromHere } from '../../lib/navigate-from-here.ts';

type MakerValues = {
  serialNumber?: string;
  name?: string;
  spec?: string;
  figureNo?: string | null;
  productTypeId?: string | null;
  clientId?: string | null;
  creatorName?: string | null;
  productionDate?: Dayjs | null;
  saleStatus: SaleStatus;
};
type EquipmentFormValues = MakerValues & PlantFormValues;

/**
 * The maker's add (`…/equipmentList-admin/add`) and update (`…/update/:id`) page of a machine: what it
 * is and to whom it went, then the plant's fields (the same editors as the plant's edit mode). On a
 * phone every field takes the full width.
 */
export default function EquipmentFormView() {
  const { t } = useTranslation(['equipment', 'resource']);
  const locale = useLocale();
  const { id } = useParams();
  const navigate = useNavigateFromHere();
  const listPath = useListPath();
  const openSaved = useOpenSaved();
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<EquipmentFormValues>();
  const zodField = useZodField(equipmentInputSchema);
  const isUpdate = id !== undefined;
  const machine = useQuery(equipmentQueries.machine('admin', id));
  const clientId = Form.useWatch('clientId', form);

  // An update starts from the machine as loaded (once: a refetch must not wipe the edits).
  const loaded = machine.data;
  useFillOnce(form, loaded, (record) => ({
    serialNumber: record.serialNumber,
    name: record.name,
    spec: record.spec,
    figureNo: record.figureNo,
    productTypeId: record.productTypeId,
    clientId: record.clientId,
    creatorName: record.creatorName,
    productionDate: record.productionDate ? dayjs(record.productionDate) : null,
    saleStatus: record.saleStatus,
    ...plantFormValues(record),
  }));

  const save = useMutation({
    ...equipmentMutations.save(id),
    onSuccess: (saved) => {
      notify.success(t(isUpdate ? 'form.updated' : 'form.created', { serialNumber: saved.serialNumber }));
      void refreshEquipment(queryClient);
      openSaved(saved.id);
    },
    meta: { form },
  });

  const submit = (values: EquipmentFormValues) =>
    save.mutate({
      serialNumber: values.serialNumber?.trim() ?? '',
      name: values.name?.trim() ?? '',
      spec: values.spec?.trim() ?? '',
      figureNo: values.figureNo?.trim() || null,
      productTypeId: values.productTypeId ?? null,
      clientId: values.clientId ?? null,
      creatorName: values.creatorName?.trim() || null,
      productionDate: values.productionDate?.format('YYYY-MM-DD') ?? null,
      saleStatus: values.saleStatus,
      ...plantInput(values),
      concurrencyStamp: machine.data?.lastModificationTime ?? null,
    });

  const title = isUpdate ? t('form.editTitle', { serialNumber: machine.data?.serialNumber ?? '' }) : t('form.addTitle');
  if (isUpdate && (machine.isLoading || machine.isError))
    return <FormLoadCard title={title} loading={machine.isLoading} />;

  return (
    <Card title={title} data-testid="equipment-form">
      <Form<EquipmentFormValues>
        form={form}
        layout="vertical"
        initialValues={{ saleStatus: 'inStock', ...plantFormValues(undefined) }}
        onFinish={submit}
        onValuesChange={(changed: Partial<EquipmentFormValues>) => {
          // A line belongs to one client: another client's line would be refused.
          if ('clientId' in changed) form.setFieldValue('productId', null);
        }}
        scrollToFirstError
      >
        <Divider titlePlacement="start">{t('sections.maker')}</Divider>
        <div style={FORM_GRID}>
          <Form.Item {...zodField('serialNumber')} label={t('fields.serialNumber')} extra={t('form.serialHint')}>
            <Input data-testid="field-serialNumber" maxLength={64} />
          </Form.Item>
          <Form.Item {...zodField('name')} label={t('fields.name')}>
            <Input data-testid="field-name" maxLength={100} />
          </Form.Item>
          <Form.Item {...zodField('spec')} label={t('fields.spec')}>
            <Input data-testid="field-spec" maxLength={100} />
          </Form.Item>
          <Form.Item {...zodField('figureNo')} label={t('fields.figureNo')}>
            <Input data-testid="field-figureNo" maxLength={64} />
          </Form.Item>
          <Form.Item name="productTypeId" label={t('fields.productType')}>
            <ReferenceSelect to="productType" data-testid="field-productTypeId" allowClear />
          </Form.Item>
          <Form.Item name="saleStatus" label={t('fields.saleStatus')} required>
            <Select
              data-testid="field-saleStatus"
              options={SALE_STATUSES.map((value) => ({ value, label: SALE_STATUS_LABELS[value][locale] }))}
            />
          </Form.Item>
          <Form.Item name="clientId" label={t('fields.client')} extra={t('form.clientHint')}>
            <ReferenceSelect to="client" data-testid="field-clientId" allowClear />
          </Form.Item>
          <Form.Item {...zodField('creatorName')} label={t('fields.creatorName')}>
            <Input data-testid="field-creatorName" maxLength={50} />
          </Form.Item>
          <Form.Item name="productionDate" label={t('fields.productionDate')}>
            <DatePicker data-testid="field-productionDate" style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <PlantFields clientId={clientId} />
        <FormActions saving={save.isPending} onCancel={() => navigate(listPath)} style={{ marginTop: 16 }} />
      </Form>
    </Card>
  );
}
