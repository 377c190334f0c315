import { pageUrlOf, type NotificationSubject } from '@armature/domain';

/**
 * Where a notification or a "my task" item is done: the record's detail page under its menu
 * page (`productionPlan.plan.demandOrder` + id → `/productionPlan/plan/demandOrder/detail/<id>`), or the
 * page itself when the subject names no record, with `?view=` when it names a view. Here (lib/) so every
 * feature links the same way.
 */
export function subjectUrl(subject: NotificationSubject): string {
  const page = pageUrlOf(subject.page);
  const url = subject.id === null ? page : `${page}/detail/${encodeURIComponent(subject.id)}`;
  // A view of the record (a machine's re-plan proposal) the page opens at once.
  return subject.view ? `${url}?view=${encodeURIComponent(subject.view)}` : url;
}
