import { useTranslation } from 'react-i18next';
import { Form } from 'antd';
import { useZodField } from '../../lib/form-rules.ts';
import { useLocale } from '../../lib/i18n.ts';
import { crossFieldErrors } from './cross-field-errors.ts';
import { FieldInput } from './field-input.tsx';
import { fieldTitle } from './field-values.ts';
import { FormPage } from './form-page.tsx';
import { toIntList } from './numeric-keys.ts';
import type { ResourceEndpoint } from '@armature/domain';
import { crudOf, defaultValues, formFields, type FormField } from './resource-endpoint.ts';
import type { ResourceViewConfig } from './resource-view-config.ts';
import { useDeriveSuggestions } from './use-derive-suggestions.ts';
import { useRecordForm } from './use-record-form.ts';

type Values = Record<string, unknown>;

const isWide = ({ name, field }: FormField, view: ResourceViewConfig) =>
  (field.kind === 'text' && field.multiline === true) ||
  field.kind === 'partList' ||
  view.wideFields?.includes(name) === true;

/**
 * The add (`…/add`) and update (`…/update/:id`) page of any resource: one field per editable field of
 * the definition, checked with the server's own zod rules and cross-field check before sending. An
 * update sends the record as loaded with the edits over it, `lastModificationTime` included, so the
 * server refuses a stale edit.
 */
export function ResourceFormView({ endpoint, view }: { endpoint: ResourceEndpoint; view: ResourceViewConfig }) {
  const { t } = useTranslation('resource');
  const locale = useLocale();
  const { resource } = endpoint;
  const page = useRecordForm({
    endpoints: crudOf(endpoint),
    toPayload: (values: Values, record) => ({ ...record, ...values }),
  });
  const zodField = useZodField(endpoint.input);
  const fields = formFields(endpoint);
  const initialValues: Values = page.record ?? defaultValues(resource);
  const onValuesChange = useDeriveSuggestions(
    resource,
    page.form,
    new Set(fields.filter((field) => !field.locked).map((field) => field.name)),
    initialValues,
  );
  const submit = (values: Values) => {
    const errors = crossFieldErrors(resource, values, locale);
    if (errors.length > 0) page.form.setFields(errors);
    else page.submit(values);
  };
  const title = resource.label[locale];

  return (
    <FormPage<Values>
      title={
        page.isUpdate
          ? t('form.editTitle', { title, name: page.record?.[resource.labelField] ?? '' })
          : t('form.createTitle', { title })
      }
      form={page.form}
      loading={page.loading}
      failed={page.failed}
      saving={page.saving}
      initialValues={initialValues}
      onValuesChange={onValuesChange}
      onFinish={submit}
      onCancel={page.back}
    >
      {fields.map((formField) => {
        const { name, field, locked } = formField;
        return (
          <Form.Item
            key={name}
            {...zodField(name)}
            label={fieldTitle(field, locale)}
            extra={locked ? t('form.makerOnly') : undefined}
            normalize={field.kind === 'intList' ? toIntList : undefined}
            style={isWide(formField, view) ? { gridColumn: '1 / -1' } : undefined}
          >
            <FieldInput name={name} field={field} disabled={locked} choices={view.choices?.[name]?.(page.record)} />
          </Form.Item>
        );
      })}
    </FormPage>
  );
}
