import { useEffect, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  dailyPlanOptimiseProgressSchema,
  dailyPlanOptimiseResultSchema,
  isFinalJobState,
  jobStatusSchema,
  type DailyPlanDetail,
  type DailyPlanOptimiseProgress,
  type DailyPlanOptimiseResult,
} from '@armature/domain';
import { followEventStream } from '../../lib/event-stream.ts';
import { DAILY_PLANS, dailyPlanMutations } from './processing.queries.ts';

export type OptimiserOutcome = { result: DailyPlanOptimiseResult } | { failure: string };

/**
 * The board's optimiser, a background job: `start` opens the schedule's events
 * (`GET /api/dailyPlan/{id}/events`) and, once they are followed, queues the search, so neither its
 * progress nor its result can pass unseen. The figures before → after arrive as the `result` event
 * (also after a stop: the best schedule so far is applied); a failed job (the draft changed meanwhile)
 * ends it with the job's message. `onEnd` is called once either way.
 */
export function useScheduleOptimiser(plan: DailyPlanDetail, onEnd: (outcome: OptimiserOutcome) => void) {
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<DailyPlanOptimiseProgress | null>(null);
  const optimise = useMutation(dailyPlanMutations.optimise());
  const cancel = useMutation(dailyPlanMutations.cancelOptimise());
  const controller = useRef<AbortController | null>(null);
  const jobId = useRef<string | null>(null);
  // The latest `onEnd` (its page's current render), for a search that outlives the render that started it.
  const ended = useRef(onEnd);
  useEffect(() => {
    ended.current = onEnd;
  });

  // Leaving the page stops following (the search goes on and applies without this page).
  useEffect(() => () => controller.current?.abort(), []);

  const finish = (outcome: OptimiserOutcome) => {
    controller.current?.abort();
    setRunning(false);
    setProgress(null);
    ended.current(outcome);
    return 'stop' as const;
  };

  const start = () => {
    const following = new AbortController();
    controller.current = following;
    jobId.current = null;
    setRunning(true);
    let asked = false;
    // The stream's first event is its snapshot: the schedule's previous optimisation, if any. Any other
    // job is ours (a second one would have been refused while ours runs), even before our POST answers.
    let previous: string | null | undefined;
    const ours = (id: string) => id !== previous && (jobId.current === null || id === jobId.current);
    followEventStream(`${DAILY_PLANS}/${plan.id}/events`, {
      signal: following.signal,
      onStatus: (status) => {
        if (status !== 'open' || asked) return;
        asked = true;
        optimise.mutate(
          { id: plan.id, concurrencyStamp: plan.lastModificationTime },
          {
            onSuccess: (accepted) => (jobId.current = accepted.jobId),
            onError: (error) => finish({ failure: error.message }),
          },
        );
      },
      onEvent: (event) => {
        const data: unknown = JSON.parse(event.data);
        if (previous === undefined) {
          const snapshot = jobStatusSchema.nullable().safeParse(data);
          previous = snapshot.success ? (snapshot.data?.id ?? null) : null;
          return;
        }
        if (event.event === 'progress') {
          const parsed = dailyPlanOptimiseProgressSchema.safeParse(data);
          if (parsed.success && ours(parsed.data.jobId)) setProgress(parsed.data);
        } else if (event.event === 'result') {
          const parsed = dailyPlanOptimiseResultSchema.safeParse(data);
          if (parsed.success && ours(parsed.data.jobId)) return finish({ result: parsed.data });
        } else if (event.event === 'job') {
          const job = jobStatusSchema.nullable().safeParse(data);
          if (!job.success || !job.data || !ours(job.data.id)) return;
          // A stopped search still applies its best schedule (its `result` follows), unless it never started.
          const over = job.data.state === 'failed' || (job.data.state === 'cancelled' && !job.data.startTime);
          if (isFinalJobState(job.data.state) && over) return finish({ failure: job.data.message ?? job.data.state });
        }
      },
    }).catch((error: unknown) => finish({ failure: error instanceof Error ? error.message : String(error) }));
  };

  return {
    start,
    stop: () => cancel.mutate(plan.id),
    running,
    progress,
  };
}
