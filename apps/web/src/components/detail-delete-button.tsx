import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useFeedback } from './feedback.tsx';
import { useListPath } from './resource/use-record-form.ts';

/**
 * A document detail page's delete button: asks first, deletes, says so and goes back to the list, since a
 * deleted document has no page left to show. A refused delete keeps the user on the page; the mutation's own
 * error handling has said why.
 */
export function DetailDeleteButton(props: {
  title: string;
  explain: string;
  /** Said once the document is gone. */
  deleted: string;
  remove: () => Promise<unknown>;
  /** Refreshes what listed the document (not awaited: the list page loads it anyway). */
  refresh: () => unknown;
}) {
  const { t } = useTranslation('resource');
  const navigate = useNavigate();
  const listPath = useListPath();
  const { notify, confirm } = useFeedback();
  const ask = () =>
    confirm({
      title: props.title,
      content: props.explain,
      danger: true,
      onOk: () =>
        props.remove().then(
          () => {
            notify.success(props.deleted);
            void props.refresh();
            void navigate(listPath);
          },
          () => undefined,
        ),
    });
  return (
    <Button data-testid="detail-delete" danger icon={<DeleteOutlined />} onClick={() => void ask()}>
      {t('actions.delete')}
    </Button>
  );
}
