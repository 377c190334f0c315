import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '../feedback.tsx';
import { usePageTitle } from '../page-access.ts';
import { keyPath, resourceKeys, resourceMutations, type DeleteEndpoint } from './resource.queries.ts';

type Deletable = { id: string; label: string };

/**
 * A page title inside a sentence: "Techniques" → "techniques" in languages that capitalise only the
 * start of a sentence (an acronym such as "BOM" stays as it is). Chinese has no case.
 */
export function inSentence(title: string): string {
  const [first = '', second = ''] = title;
  return second && second === second.toLowerCase() ? first.toLowerCase() + title.slice(1) : title;
}

/**
 * Deletes records of `resource` after the global confirm dialog, titled by what happens ("Delete 3
 * techniques?") with a danger-styled OK, then refreshes every query of the resource (see
 * `resourceMutations.delete` for several at once). A record kind that cannot be deleted (a delivery
 * note) has no `resource`: its list offers no delete.
 */
export function useDeleteRecords(resource: DeleteEndpoint | undefined) {
  const { t } = useTranslation('resource');
  const { notify, confirm } = useFeedback();
  const pageTitle = usePageTitle();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    ...(resource && resourceMutations.delete(resource)),
    onSuccess: (_data, ids: readonly string[]) => notify.success(t('messages.deleted', { count: ids.length })),
    onSettled: () => resource && queryClient.invalidateQueries({ queryKey: resourceKeys.root(keyPath(resource)) }),
  });

  return (records: Deletable[], onDone?: () => void) => {
    const names = records.map((record) => record.label).join(t('list.separator'));
    return confirm({
      title: t('messages.deleteTitle', {
        count: records.length,
        names,
        what: pageTitle ? inSentence(pageTitle) : t('messages.records'),
      }),
      content: t('messages.confirmDelete', { count: records.length, names }),
      danger: true,
      onOk: () => mutation.mutateAsync(records.map((record) => record.id)).then(onDone, () => undefined),
    });
  };
}
