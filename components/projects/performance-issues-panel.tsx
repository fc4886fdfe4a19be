'use client';

import type { FormEvent } from 'react';
import type { PerformanceSettings } from '@/lib/performance-issues/types';
import { updatePerformanceSettings, usePerformanceSettings } from '@/lib/swr/use-performance-settings';
import { updatePerformanceSettingsSchema } from '@/lib/zod/performance-issues';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CheckField } from '@/components/ui/check-field';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { useSettingsSave } from './setting-fields';

const SWITCHES = [
  [
    'nPlusOneDbQueries',
    'N+1 queries',
    'The same query run at least 5 times in a row under one span (100 ms in all at least): one query per item where one query for all would do.',
  ],
  ['slowDbQuery', 'Slow DB queries', 'A SELECT that takes longer than the threshold below.'],
  [
    'consecutiveHttp',
    'Consecutive HTTP calls',
    'At least 3 calls of 1 s or more, one after another, that could run in parallel and save 2 s or more.',
  ],
] as const;

/** The project's performance issue detectors (#62): shown to everyone, changed by ADMINs. */
export function PerformanceIssuesPanel({ projectId, manage }: { projectId: string; manage: boolean }) {
  const { data, error, isLoading } = usePerformanceSettings(projectId);
  if (error) return <ErrorState error={error} title="Could not load the performance issue settings" />;
  if (isLoading || !data) return <LoadingState label="Loading performance issue settings" />;
  return <PerformanceForm projectId={projectId} data={data} manage={manage} />;
}

function PerformanceForm({
  projectId,
  data,
  manage,
}: {
  projectId: string;
  data: PerformanceSettings;
  manage: boolean;
}) {
  const { pending, error, saved, submit } = useSettingsSave(
    updatePerformanceSettingsSchema,
    (input) => updatePerformanceSettings(projectId, input),
    'Performance issue settings saved. They apply to transactions received from now on.',
  );
  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    void submit({
      ...Object.fromEntries(SWITCHES.map(([name]) => [name, form.get(name) === 'on'])),
      slowDbQueryMs: Number(form.get('slowDbQueryMs')),
    });
  }
  return (
    <Card>
      <h2 className="text-base font-semibold">Performance issues</h2>
      <p className="mt-1 text-sm text-fg-secondary">
        Problems found in the spans of each transaction as it arrives. Each opens an issue of its own, with the spans
        that show it, and alerts like any issue.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 max-w-2xl space-y-4" data-testid="performance-issues-form">
        <fieldset disabled={!manage || pending} className="space-y-4">
          {SWITCHES.map(([name, label, hint]) => (
            <CheckField key={name} name={name} label={label} hint={hint} defaultChecked={data[name]} />
          ))}
          <Field
            name="slowDbQueryMs"
            label="Slow query threshold (ms)"
            type="number"
            min={0}
            defaultValue={data.slowDbQueryMs}
            hint="A SELECT at least this long is a slow DB query. Sentry's default is 1,000 ms."
          />
        </fieldset>
        <FormError message={error} />
        {manage && (
          <Button type="submit" variant="secondary" loading={pending}>
            Save performance issue settings
          </Button>
        )}
        <p role="status" aria-live="polite" className="text-sm text-success-fg">
          {saved}
        </p>
      </form>
    </Card>
  );
}
