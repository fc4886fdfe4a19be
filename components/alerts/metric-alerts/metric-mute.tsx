'use client';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DateTime } from '@/components/ui/date-time';
import { FormError } from '@/components/ui/form-error';
import { useAction } from '@/components/ui/use-action';
import type { AlertRule } from '@/lib/swr/use-alerts';

type Metric = AlertRule & {
  query?: { dataset: string; query: string; aggregates: string[]; groupBy: string[] };
  direction?: string;
  warningThreshold?: number | null;
  criticalThreshold?: number | null;
  comparison?: string | null;
  mutedUntil?: string | null;
  muted?: boolean;
  state?: string;
};

/** "When p95(span.duration) of spans (span.op:db) over 5 minutes is above 500 (warning) or 800 (critical)". */
export function metricTrigger(rule: AlertRule): string {
  const r = rule as Metric;
  const q = r.query;
  if (!q) return 'When a metric crosses its thresholds';
  const change = r.comparison ? ` changes (%) from ${r.comparison === '1d' ? 'a day' : 'a week'} before and` : '';
  const levels = [
    r.warningThreshold !== null && r.warningThreshold !== undefined ? `${r.warningThreshold} (warning)` : null,
    `${r.criticalThreshold} (critical)`,
  ]
    .filter(Boolean)
    .join(' or ');
  const by = q.groupBy.length ? ` by ${q.groupBy.join(', ')}` : '';
  return `When ${q.aggregates[0]} of ${q.dataset}${q.query ? ` (${q.query})` : ''}${by} over ${rule.windowMinutes} ${rule.windowMinutes === 1 ? 'minute' : 'minutes'}${change} is ${r.direction} ${levels}`;
}

const HOUR = 3_600_000;

/** A metric rule's state and its mute: an hour or a day from now, or unmuted. */
export function MetricMute({
  rule,
  manage,
  onMute,
}: {
  rule: AlertRule;
  manage: boolean;
  onMute: (until: string | null) => Promise<unknown>;
}) {
  const r = rule as Metric;
  const action = useAction();
  const muted = r.muted ? r.mutedUntil : null;
  const mute = (ms: number | null) =>
    void action.run(() => onMute(ms === null ? null : new Date(Date.now() + ms).toISOString()));
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="metric-state">
      <Badge tone={r.state === 'ok' ? 'green' : 'blue'}>
        {r.state === 'critical' ? 'Critical' : r.state === 'warning' ? 'Warning' : 'OK'}
      </Badge>
      {muted ? (
        <span>
          Muted until <DateTime iso={muted} />
        </span>
      ) : null}
      {manage &&
        (muted ? (
          <Button variant="ghost" loading={action.busy} onClick={() => mute(null)}>
            Unmute<span className="sr-only"> {rule.name}</span>
          </Button>
        ) : (
          <>
            <Button variant="ghost" loading={action.busy} onClick={() => mute(HOUR)}>
              Mute for an hour<span className="sr-only"> {rule.name}</span>
            </Button>
            <Button variant="ghost" loading={action.busy} onClick={() => mute(24 * HOUR)}>
              Mute for a day<span className="sr-only"> {rule.name}</span>
            </Button>
          </>
        ))}
      <FormError message={action.error} />
    </div>
  );
}
