'use client';

import { useState } from 'react';
import { RelativeTime } from '@/components/ui/relative-time';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/form-error';
import type { AlertRule } from '@/lib/swr/use-alerts';
import { WEBHOOK_FORMAT_LABELS } from './rule-form/notify-fields';
import { AlertLog } from './alert-log';
import { EnabledSwitch } from './enabled-switch';
import { RuleTarget } from './rule-target';
import { metricTrigger, MetricMute } from './metric-alerts/metric-mute';

type Props = {
  projectId: string;
  rule: AlertRule;
  logOpen: boolean;
  onToggleLog: () => void;
  onEdit: () => void;
  onDelete: () => void;
  onSetEnabled: (enabled: boolean) => Promise<unknown>;
  /** METRIC rules (#62): mute until a time, or unmute (null). */
  onMute?: (until: string | null) => Promise<unknown>;
  /** Whether the caller's role may change rules (ADMIN); reading and the log stay open to members. */
  manage: boolean;
};

const TYPE_LABELS: Record<AlertRule['type'], string> = {
  NEW_ISSUE: 'New issue',
  ERROR_RATE: 'Error rate',
  REGRESSION: 'Regression',
  CRASH_FREE: 'Crash-free rate',
  MONITOR: 'Monitor',
  METRIC: 'Metric',
};

function trigger(rule: AlertRule): string {
  if (rule.type === 'METRIC') return metricTrigger(rule);
  if (rule.type === 'NEW_ISSUE') return 'When a new issue appears';
  if (rule.type === 'REGRESSION') return 'When a resolved issue comes back';
  if (rule.type === 'MONITOR') return 'When a monitor starts failing, and again when it recovers';
  if (rule.type === 'CRASH_FREE') {
    const r = rule as AlertRule & { crashFreeBelow?: number; crashFreeMetric?: string; minSessions?: number };
    return `When a release with at least ${r.minSessions} sessions in ${rule.windowMinutes} minutes has fewer than ${r.crashFreeBelow} % crash-free ${r.crashFreeMetric}, and again when it recovers`;
  }
  return `When ${rule.threshold} or more errors arrive within ${rule.windowMinutes} ${rule.windowMinutes === 1 ? 'minute' : 'minutes'}`;
}

export function AlertRuleItem({
  projectId,
  rule,
  logOpen,
  onToggleLog,
  onEdit,
  onDelete,
  onSetEnabled,
  onMute,
  manage,
}: Props) {
  const [toggleError, setToggleError] = useState<string>();
  const logId = `alert-log-${rule.id}`;

  async function setEnabled(next: boolean) {
    setToggleError(undefined);
    try {
      await onSetEnabled(next);
    } catch (err) {
      setToggleError(err instanceof Error ? err.message : 'Could not change the rule');
    }
  }

  return (
    <li
      id={`rule-${rule.id}`}
      data-testid="alert-rule"
      aria-labelledby={`rule-name-${rule.id}`}
      className="scroll-mt-24 space-y-4 rounded-xl border border-line bg-surface p-5 shadow-sm target:outline-2 target:outline-offset-2 target:outline-focus"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`rule-name-${rule.id}`} className="truncate font-semibold">
              {rule.name}
            </h3>
            <Badge tone={rule.type === 'ERROR_RATE' ? 'neutral' : 'blue'}>{TYPE_LABELS[rule.type]}</Badge>
          </div>
          <p className="text-sm text-fg-secondary">{trigger(rule)}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
            {rule.notifyEmail && (
              <>
                <dt className="text-fg-muted">Email</dt>
                <dd className="truncate">{rule.notifyEmail}</dd>
              </>
            )}
            <RuleTarget rule={rule} />
            {rule.webhookUrl && (
              <>
                <dt className="text-fg-muted">Webhook</dt>
                <dd className="truncate font-mono text-[13px]" title={rule.webhookUrl}>
                  {rule.webhookUrl}
                </dd>
                <dt className="text-fg-muted">Format</dt>
                <dd data-testid="webhook-format">{WEBHOOK_FORMAT_LABELS[rule.webhookFormat]}</dd>
              </>
            )}
            <dt className="text-fg-muted">Last triggered</dt>
            <dd data-testid="last-triggered">
              {rule.lastTriggeredAt ? <RelativeTime iso={rule.lastTriggeredAt} /> : 'Never'}
            </dd>
          </dl>
        </div>
        <EnabledSwitch enabled={rule.enabled} label={`${rule.name} active`} onChange={setEnabled} disabled={!manage} />
      </div>
      <FormError message={toggleError} />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={onToggleLog}
          aria-expanded={logOpen}
          aria-controls={logOpen ? logId : undefined}
        >
          {logOpen ? 'Hide delivery log' : 'Delivery log'}
        </Button>
        {manage && (
          <>
            <Button variant="ghost" onClick={onEdit}>
              Edit<span className="sr-only"> {rule.name}</span>
            </Button>
            <Button variant="danger-ghost" onClick={onDelete}>
              Delete<span className="sr-only"> {rule.name}</span>
            </Button>
          </>
        )}
      </div>
      {onMute && <MetricMute rule={rule} manage={manage} onMute={onMute} />}
      {logOpen && <AlertLog projectId={projectId} ruleId={rule.id} id={logId} />}
    </li>
  );
}
