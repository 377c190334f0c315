import { useParams, useSearchParams } from 'react-router';
import { LoadPlanView } from './load-plan.view.tsx';
import { LoadTruckView } from './load-truck.view.tsx';

/** The delivery page's `children/:id` screens: `loads` is the day's plans, a plan's id with `?truck=N` loads that truck. */
export default function LoadScreens() {
  const { id } = useParams();
  const [params] = useSearchParams();
  if (id === 'loads' || !id) return <LoadPlanView />;
  return <LoadTruckView planId={id} truck={Number(params.get('truck') ?? 1)} />;
}
