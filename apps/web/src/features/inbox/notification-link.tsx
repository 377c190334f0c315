import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Notification } from '@armature/domain';
import { useHolds } from '../../components/page-access.ts';
import { subjectUrl } from '../../lib/subject-url.ts';

/**
 * A notification's text as a link to the record it is about, when the reader may open that page
 * (else plain text: a link would only end on "no permission"). `onOpen` runs as it is followed.
 */
export function NotificationLink({
  notification,
  children,
  onOpen,
}: {
  notification: Notification;
  children: ReactNode;
  onOpen?: () => void;
}) {
  const mayOpen = useHolds(notification.subject.page);
  if (!mayOpen) return <span>{children}</span>;
  return (
    <Link to={subjectUrl(notification.subject)} onClick={onOpen} data-testid={`notification-link-${notification.id}`}>
      {children}
    </Link>
  );
}
