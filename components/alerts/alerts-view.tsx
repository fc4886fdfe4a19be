'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { EmptyState, LoadError, SkeletonRows } from '@/components/ui/states';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAlertMutations, useAlertRules, type AlertRule } from '@/lib/swr/use-alerts';
import { AlertRuleForm } from './alert-rule-form';
import { AlertRuleItem } from './alert-rule-item';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { WebhookSecretNotice } from './webhook-secret-notice';
import { RoleNote } from '@/components/orgs/role-note';
import { useRole } from '@/lib/swr/use-me';
import { PageHeader } from '@/components/ui/page-header';
import { useAction } from '@/components/ui/use-action';
import { FormError } from '@/components/ui/form-error';
import { DEFAULT_RULES } from '@/lib/zod/alerts';
import { useMetricAlertMutations } from '@/lib/swr/use-metric-alerts';
import { MetricRuleForm } from './metric-alerts/metric-rule-form';
import { MetricIncidents } from './metric-alerts/metric-incidents';
import type { MetricPrefill } from './metric-alerts/metric-values';

type Editing = { mode: 'create' } | { mode: 'edit'; rule: AlertRule } | null;
type MetricEditing = { rule?: AlertRule; prefill: MetricPrefill | null } | null;

/** `?metric=<query as JSON>`: the Explore chart's "Create alert" (#62) opens the metric form with its query. */
function prefillOf(param: string | null): MetricEditing {
  if (param === null) return null;
  try {
    const q = JSON.parse(param) as Partial<MetricPrefill>;
    return {
      prefill: {
        dataset: String(q.dataset ?? 'spans'),
        query: String(q.query ?? ''),
        aggregates: Array.isArray(q.aggregates) ? q.aggregates.map(String) : ['count()'],
        groupBy: Array.isArray(q.groupBy) ? q.groupBy.map(String) : [],
      },
    };
  } catch {
    return { prefill: null };
  }
}

export function AlertsView({ projectId }: { projectId: string }) {
  const { data: rules, error, isLoading, mutate } = useAlertRules(projectId);
  const actions = useAlertMutations(projectId);
  const manage = useRole().can('ADMIN');
  const [editing, setEditing] = useState<Editing>(null);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [deleting, setDeleting] = useState<AlertRule | null>(null);
  const metric = useMetricAlertMutations(projectId);
  const initialSearch = useSearchParams();
  const [metricEditing, setMetricEditing] = useState<MetricEditing>(() => prefillOf(initialSearch.get('metric')));
  const defaults = useAction();
  // A link to one rule (`#rule-<id>`, as the project's setup page gives) scrolls to it once the list is there.
  const loaded = rules !== undefined;
  useEffect(() => {
    if (loaded && location.hash.startsWith('#rule-')) document.getElementById(location.hash.slice(1))?.scrollIntoView();
  }, [loaded]);

  // The open delivery log lives in `?log=<ruleId>` so a reload or a shared link shows it again.
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const openLog = searchParams.get('log');
  const replaceParams = (change: (p: URLSearchParams) => void) => {
    const params = new URLSearchParams(searchParams);
    change(params);
    const query = params.toString();
    router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
  };
  const toggleLog = (ruleId: string) =>
    replaceParams((p) => (openLog === ruleId ? p.delete('log') : p.set('log', ruleId)));
  const closeMetric = () => {
    setMetricEditing(null);
    if (searchParams.has('metric')) replaceParams((p) => p.delete('metric'));
  };

  return (
    <div className="space-y-6">
      <PageHeader
        title="Alerts"
        description="Get an email or a webhook when a new issue appears, a resolved issue comes back, or errors spike."
        actions={
          manage &&
          !editing &&
          !metricEditing && (
            <div className="flex flex-wrap gap-2">
              {rules && rules.length > 0 && (
                <Button onClick={() => setEditing({ mode: 'create' })}>New alert rule</Button>
              )}
              <Button variant="secondary" onClick={() => setMetricEditing({ prefill: null })}>
                New metric alert
              </Button>
            </div>
          )
        }
      />

      {!manage && <RoleNote min="ADMIN" what="create, change or delete alert rules" />}
      {created && (
        <WebhookSecretNotice ruleName={created.name} secret={created.secret} onDismiss={() => setCreated(null)} />
      )}

      {editing && (
        <Card>
          <AlertRuleForm
            key={editing.mode === 'edit' ? editing.rule.id : 'create'}
            rule={editing.mode === 'edit' ? editing.rule : undefined}
            onCancel={() => setEditing(null)}
            onSubmit={async (input) => {
              if (editing.mode === 'edit') {
                const { enabled: _keep, ...fields } = input;
                await actions.update(editing.rule.id, fields);
              } else {
                const rule = await actions.create(input);
                setCreated({ name: rule.name, secret: rule.webhookSecret });
              }
              setEditing(null);
            }}
          />
        </Card>
      )}

      {metricEditing && manage && (
        <Card>
          <MetricRuleForm
            key={metricEditing.rule?.id ?? 'create'}
            rule={metricEditing.rule}
            prefill={metricEditing.prefill}
            onCancel={closeMetric}
            onSubmit={async (body) => {
              if (metricEditing.rule) {
                const { enabled: _keep, ...fields } = body;
                await metric.update(metricEditing.rule.id, fields);
              } else {
                const rule = await metric.create(body);
                setCreated({ name: rule.name, secret: rule.webhookSecret });
              }
              closeMetric();
            }}
          />
        </Card>
      )}

      <section aria-labelledby="rules-heading" aria-busy={isLoading}>
        <h2 id="rules-heading" className="sr-only">
          Alert rules
        </h2>
        {error ? (
          <LoadError what="alert rules" error={error} onRetry={() => mutate()} />
        ) : !rules ? (
          <SkeletonRows label="Loading alert rules…" rows={2} rowClassName="h-32 rounded-xl" card={false} />
        ) : rules.length === 0 ? (
          !editing && (
            <EmptyState
              title="No alert rules yet"
              description="Nobody hears of this project's new issues. Rules notify by email or webhook (JSON, Slack or Discord) when a brand-new issue appears, when a resolved issue comes back, or when the number of errors in a time window reaches a threshold. Start with every new issue and every regression, emailed to the project's members."
              action={
                manage ? (
                  <div className="space-y-2">
                    <div className="flex flex-wrap justify-center gap-2">
                      <Button
                        loading={defaults.busy}
                        data-testid="add-default-rules"
                        onClick={() =>
                          void defaults.run(async () => {
                            for (const r of [...DEFAULT_RULES].reverse()) await actions.create(r);
                          })
                        }
                      >
                        Alert me on every new issue
                      </Button>
                      <Button variant="secondary" onClick={() => setEditing({ mode: 'create' })}>
                        New alert rule
                      </Button>
                    </div>
                    <FormError message={defaults.error} />
                  </div>
                ) : undefined
              }
            />
          )
        ) : (
          <ul className="space-y-4">
            {rules.map((rule) => (
              <AlertRuleItem
                key={rule.id}
                projectId={projectId}
                rule={rule}
                logOpen={openLog === rule.id}
                onToggleLog={() => toggleLog(rule.id)}
                onEdit={() =>
                  rule.type === 'METRIC'
                    ? setMetricEditing({ rule, prefill: null })
                    : setEditing({ mode: 'edit', rule })
                }
                onDelete={() => setDeleting(rule)}
                onSetEnabled={(enabled) =>
                  rule.type === 'METRIC' ? metric.update(rule.id, { enabled }) : actions.update(rule.id, { enabled })
                }
                onMute={rule.type === 'METRIC' ? (mutedUntil) => metric.update(rule.id, { mutedUntil }) : undefined}
                manage={manage}
              />
            ))}
          </ul>
        )}
      </section>

      {rules?.some((r) => r.type === 'METRIC') && (
        <section aria-labelledby="incidents-heading" className="space-y-3">
          <h2 id="incidents-heading" className="text-lg font-semibold">
            Metric alert incidents
          </h2>
          <MetricIncidents projectId={projectId} />
        </section>
      )}

      {deleting && (
        <ConfirmDeleteDialog
          ruleName={deleting.name}
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await actions.remove(deleting.id);
            if (editing?.mode === 'edit' && editing.rule.id === deleting.id) setEditing(null);
            setDeleting(null);
          }}
        />
      )}
    </div>
  );
}
