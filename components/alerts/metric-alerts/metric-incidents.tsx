'use client';

import { Badge } from '@/components/ui/badge';
import { DateTime } from '@/components/ui/date-time';
import { LoadError, SkeletonRows } from '@/components/ui/states';
import { useMetricIncidents, type MetricIncident } from '@/lib/swr/use-metric-alerts';

const round = (v: number) => String(Math.round(v * 100) / 100);
const KIND_LABELS: Record<string, string> = {
  opened: 'Opened',
  warning: 'Warning',
  critical: 'Critical',
  resolved: 'Resolved',
};

function Incident({ incident: i }: { incident: MetricIncident }) {
  const open = i.resolvedAt === null;
  return (
    <li
      id={`incident-${i.id}`}
      data-testid="metric-incident"
      className="scroll-mt-24 space-y-2 rounded-xl border border-line bg-surface p-4 target:outline-2 target:outline-focus"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">{i.ruleName}</h3>
        {i.group && <span className="text-sm text-fg-secondary">{i.group}</span>}
        <Badge tone={open ? 'blue' : 'neutral'}>
          {open ? (i.level === 'critical' ? 'Critical' : 'Warning') : 'Resolved'}
        </Badge>
      </div>
      <p className="text-sm text-fg-secondary" data-testid="incident-peak">
        Peak {round(i.peakValue)} at <DateTime iso={i.peakAt} />, last {round(i.lastValue)}
      </p>
      <ol aria-label="Timeline" className="space-y-1 text-sm">
        {i.timeline.map((e, k) => (
          <li key={k} data-kind={e.kind} className="flex flex-wrap gap-2">
            <DateTime iso={e.at} />
            <span>
              {KIND_LABELS[e.kind] ?? e.kind}
              {e.kind === 'opened' ? ` (${e.level})` : ''} at {round(e.value)}
            </span>
            {!e.notified && <span className="text-fg-muted">(muted, not sent)</span>}
          </li>
        ))}
      </ol>
    </li>
  );
}

/** The metric alerts' incidents (#62), open ones first in their order, each with its timeline. */
export function MetricIncidents({ projectId }: { projectId: string }) {
  const { data, error, mutate } = useMetricIncidents(projectId);
  if (error) return <LoadError what="incidents" error={error} onRetry={() => mutate()} />;
  if (!data) return <SkeletonRows label="Loading incidents…" rows={1} rowClassName="h-20 rounded-xl" card={false} />;
  if (data.length === 0) return <p className="text-sm text-fg-muted">No metric alert has fired yet.</p>;
  return (
    <ul className="space-y-3">
      {data.map((i) => (
        <Incident key={i.id} incident={i} />
      ))}
    </ul>
  );
}
