import { useTranslation } from 'react-i18next';
import { Card, Flex, Timeline, Typography } from 'antd';
import type { Localized } from '@armature/domain';
import { formatDateTime } from './resource/date-time.ts';
import { useLocale } from '../lib/i18n.ts';

type Entry<S extends string> = {
  fromStatus: S | null;
  toStatus: S;
  userName: string | null;
  time: string;
  note: string | null;
};

/**
 * A document's status history, oldest first: each step (or its creation, or an event that kept the status,
 * such as an order's revision), who took it, when, and why.
 */
export function StatusHistory<S extends string>({
  entries,
  labels,
  formatNote = (note) => note,
}: {
  entries: readonly Entry<S>[];
  labels: Readonly<Record<S, Localized>>;
  /** Says a note the server stores language-neutral (an order's `R2 (b)`) in the reader's language. */
  formatNote?: (note: string) => string;
}) {
  const { t } = useTranslation('common');
  const locale = useLocale();
  return (
    <Card size="small" title={t('history.title')} data-testid="detail-history">
      <Timeline
        items={entries.map((entry, index) => ({
          key: index,
          content: (
            <Flex vertical gap={0} data-testid="history-entry">
              <span>
                {entry.fromStatus === entry.toStatus
                  ? t('history.kept', { status: labels[entry.toStatus][locale] })
                  : entry.fromStatus
                    ? t('history.transition', {
                        from: labels[entry.fromStatus][locale],
                        to: labels[entry.toStatus][locale],
                      })
                    : t('history.createdAs', { to: labels[entry.toStatus][locale] })}
              </span>
              <Typography.Text type="secondary">
                {formatDateTime(entry.time)} · {entry.userName ?? '—'}
              </Typography.Text>
              {entry.note && <Typography.Text italic>{formatNote(entry.note)}</Typography.Text>}
            </Flex>
          ),
        }))}
      />
    </Card>
  );
}
