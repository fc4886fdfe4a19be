// A metric alert's state after one evaluation (#62), a pure function of the value and the thresholds. An incident
// opens when the value crosses the warning (or critical) threshold, moves between warning and critical as the value
// does, and resolves only when the value is back past the resolve threshold (the warning one when none is set), so a
// value hovering at the threshold does not open and close an incident every minute. No value (no rows to average)
// changes nothing.
import type { MetricDirection, MetricState } from '@/lib/zod/metric-alerts';

export type Thresholds = {
  direction: MetricDirection;
  warning: number | null;
  critical: number;
  resolve: number | null;
};

const crosses = (t: Thresholds, value: number, limit: number) =>
  t.direction === 'above' ? value > limit : value < limit;

/** The level the value reaches on its own: critical, warning or none. */
export function levelOf(t: Thresholds, value: number): MetricState {
  if (crosses(t, value, t.critical)) return 'critical';
  if (t.warning !== null && crosses(t, value, t.warning)) return 'warning';
  return 'ok';
}

export function nextState(t: Thresholds, state: MetricState, value: number | null): MetricState {
  if (value === null) return state;
  const level = levelOf(t, value);
  if (state === 'ok' || level !== 'ok') return level;
  // Open and below the opening threshold: resolved once back past the resolve threshold, else as it was.
  const resolveAt = t.resolve ?? t.warning ?? t.critical;
  const resolved = t.direction === 'above' ? value <= resolveAt : value >= resolveAt;
  return resolved ? 'ok' : state;
}

/** The worst of the groups' values for the direction (the highest for "above"), or null when none has one. */
export function worstOf(
  t: Pick<Thresholds, 'direction'>,
  values: { group: string | null; value: number | null }[],
): { group: string | null; value: number } | null {
  let worst: { group: string | null; value: number } | null = null;
  for (const v of values) {
    if (v.value === null) continue;
    if (!worst || (t.direction === 'above' ? v.value > worst.value : v.value < worst.value))
      worst = { group: v.group, value: v.value };
  }
  return worst;
}
