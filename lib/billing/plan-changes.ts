// Plan changes are announced so caches of an organization's plan (ingest quota) drop it at once.
import type { Plan } from '@/lib/generated/prisma/enums';

type Listener = (orgId: string, plan: Plan) => void;
const g = globalThis as unknown as { trackerPlanListeners?: Set<Listener> };
const listeners = (g.trackerPlanListeners ??= new Set());

export function onPlanChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function planChanged(orgId: string, plan: Plan): void {
  for (const l of listeners) l(orgId, plan);
}
