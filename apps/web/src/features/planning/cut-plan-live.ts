import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isFinalJobState, type CutPlanDetail } from '@armature/domain';
import { followEventStream } from '../../lib/event-stream.ts';
import { CUT_PLANS, applyStreamEvent, isActiveJob, refreshPlans, type LiveJob } from './cut-plan.queries.ts';

function fromDetail(plan: CutPlanDetail): LiveJob {
  const { job } = plan;
  return {
    state: job.state,
    figures: job.progress,
    fraction: job.progress?.fraction ?? (job.state === 'succeeded' ? 1 : null),
    message: job.message,
  };
}

/**
 * The plan's run as it goes: while its job is queued or running, the page follows
 * `GET /api/cutPlan/{id}/events` (through the API client, reconnecting with backoff) and shows each
 * event's figures; at a final state it stops and refetches the plan, whose result is then complete.
 */
export function useLiveJob(plan: CutPlanDetail | undefined): {
  job: LiveJob | null;
  reconnecting: boolean;
} {
  const queryClient = useQueryClient();
  const [live, setLive] = useState<{ key: string; job: LiveJob } | null>(null);
  const [reconnecting, setReconnecting] = useState(false);
  const active = plan !== undefined && isActiveJob(plan.job.state);
  // A new run (another job id) or a plan read afresh starts from what the plan says.
  const key = plan ? `${plan.id}:${plan.job.id ?? ''}` : '';
  const planId = plan?.id;

  useEffect(() => {
    if (!active || !planId) return;
    const controller = new AbortController();
    let current: LiveJob | null = null;
    followEventStream(`${CUT_PLANS}/${planId}/events`, {
      signal: controller.signal,
      onStatus: (status) => setReconnecting(status === 'reconnecting'),
      onEvent: (event) => {
        const base = current ?? (plan ? fromDetail(plan) : null);
        if (!base) return;
        current = applyStreamEvent(base, event.event, event.data);
        const next = current;
        setLive({ key, job: next });
        if (isFinalJobState(next.state)) {
          void refreshPlans(queryClient);
          return 'stop';
        }
      },
    }).catch(() => {
      // No access any more, or the plan is gone: read it again, which tells the user.
      void refreshPlans(queryClient);
    });
    return () => controller.abort();
    // `plan` is read once per run: its later reads arrive through the stream.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, planId, key, queryClient]);

  if (!plan) return { job: null, reconnecting: false };
  // Once the plan says the run is over, its own words (in the user's language) are the last word.
  const useLive = live?.key === key && active;
  return { job: useLive ? live.job : fromDetail(plan), reconnecting: active && reconnecting };
}
