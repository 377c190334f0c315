import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useEffect, useRef } from 'react';
import { Form, type FormInstance } from 'antd';
import { stripRouteSuffix } from '@armature/domain';
import { useFeedback } from '../feedback.tsx';
import {
  keyPath,
  resourceKeys,
  resourceMutations,
  resourceQueries,
  type ReadEndpoint,
  type SaveEndpoints,
} from './resource.queries.ts';
import { useNavigateFromHere } from '../../lib/navigate-from-here.ts';

type RecordFormOptions<TRecord, TValues, TBody> = {
  /** The record's declared get, create and update (`crudEndpoints`); their path roots its query keys. */
  endpoints: SaveEndpoints<TBody> & { get: ReadEndpoint<TRecord> };
  /** The body to POST (no record) or PUT (over the record as GET returned it). */
  toPayload: (values: TValues, record: TRecord | undefined) => TBody;
};

/** Where a sub-page returns: the list as it was left, else (a typed or shared address) its first page. */
export function useListPath(): string {
  const location = useLocation();
  return (location.state as { back?: string } | null)?.back ?? stripRouteSuffix(location.pathname);
}

/**
 * Puts a record into its update form once, when it has loaded: a refetch (the window regaining focus) must not
 * wipe what the user has typed since.
 */
export function useFillOnce<TRecord, TValues>(
  form: FormInstance<TValues>,
  loaded: TRecord | undefined,
  toValues: (record: TRecord) => Parameters<FormInstance<TValues>['setFieldsValue']>[0],
): void {
  const applied = useRef(false);
  useEffect(() => {
    if (!loaded || applied.current) return;
    applied.current = true;
    form.setFieldsValue(toValues(loaded));
  }, [loaded, form, toValues]);
}

/**
 * Opens a document just saved on its own page, in place of the form (Back from there returns to the list the
 * form came from, not to the form); only while the form is still shown.
 */
export function useOpenSaved(): (id: string) => void {
  const navigate = useNavigateFromHere();
  const listPath = useListPath();
  return (id) => navigate(`${listPath.split('?')[0]}/detail/${id}`, { replace: true, state: { back: listPath } });
}

/**
 * The add (`…/add`) and update (`…/update/:id`) page of a record: loads the record, saves it, puts the
 * server's field errors on their fields, confirms with a message and returns to the list.
 */
export function useRecordForm<TRecord, TValues, TBody>({
  endpoints,
  toPayload,
}: RecordFormOptions<TRecord, TValues, TBody>) {
  const { t } = useTranslation('resource');
  const { id } = useParams();
  const navigate = useNavigateFromHere();
  const listPath = useListPath();
  const { notify } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TValues>();

  const record = useQuery(resourceQueries.detail(endpoints.get, id));
  const save = useMutation({
    ...resourceMutations.save(endpoints, id),
    onSuccess: () => {
      notify.success(t(id === undefined ? 'messages.created' : 'messages.updated'));
      void queryClient.invalidateQueries({ queryKey: resourceKeys.root(keyPath(endpoints.get)) });
      navigate(listPath);
    },
    // The shell's error handler puts a 400 answer's messages on these fields, else shows the message.
    meta: { form },
  });

  return {
    form,
    isUpdate: id !== undefined,
    record: record.data,
    loading: record.isLoading,
    /** The record to update could not be loaded (the shell has shown why). */
    failed: record.isError,
    saving: save.isPending,
    submit: (values: TValues) => save.mutate(toPayload(values, record.data)),
    back: () => navigate(listPath),
  };
}
