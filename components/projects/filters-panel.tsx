'use client';

import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/swr/fetcher';
import { undiscardIssue, updateProjectFilters, useProjectFilters, type ProjectFilters } from '@/lib/swr/use-filters';
import { updateInboundFiltersSchema } from '@/lib/ingest/enrich/inbound-filters';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormError } from '@/components/ui/form-error';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { RelativeTime } from '@/components/ui/relative-time';
import { ListField, lines, useSettingsSave } from './setting-fields';
import { CheckField } from '@/components/ui/check-field';

const messageOf = (err: unknown) =>
  err instanceof ApiError ? err.summary() : 'Could not reach the server. Check your connection and try again.';

const SWITCHES = [
  [
    'browserExtensions',
    'Browser extensions',
    'Errors thrown from chrome-extension://, moz-extension:// and similar frames, and messages extensions are known for.',
  ],
  ['webCrawlers', 'Web crawlers', 'Search engines, crawlers and uptime checkers, by User-Agent.'],
  ['localhost', 'Localhost', 'Events from pages on localhost, 127.0.0.1 or ::1.'],
  [
    'legacyBrowsers',
    'Legacy browsers',
    'Internet Explorer, EdgeHTML, Safari before 12, Opera before 15, Chrome and Firefox before 60.',
  ],
  ['healthChecks', 'Health checks', 'Transactions named like /health, /healthz, /ping, *heartbeat*, *live*, *ready*.'],
] as const;

/** Inbound filters and discarded issues: shown to everyone, editable by ADMINs. Filtered events are counted on the Stats page. */
export function FiltersPanel({ projectId, manage }: { projectId: string; manage: boolean }) {
  const { data, error, isLoading } = useProjectFilters(projectId);
  if (error) return <ErrorState error={error} title="Could not load the inbound filters" />;
  if (isLoading || !data) return <LoadingState label="Loading inbound filters" />;
  return <FiltersForm projectId={projectId} data={data} manage={manage} />;
}

function FiltersForm({ projectId, data, manage }: { projectId: string; data: ProjectFilters; manage: boolean }) {
  const { pending, error, saved, submit } = useSettingsSave(
    updateInboundFiltersSchema,
    (input) => updateProjectFilters(projectId, input),
    'Inbound filters saved. Filtered events are not stored, do not count against the quota and are counted on the Stats page.',
  );

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    void submit({
      ...Object.fromEntries(SWITCHES.map(([name]) => [name, form.get(name) === 'on'])),
      spikeProtection: form.get('spikeProtection') === 'on',
      errorMessages: lines(form.get('errorMessages')),
      releases: lines(form.get('releases')),
    });
  }

  return (
    <Card>
      <h2 className="text-base font-semibold">Inbound filters</h2>
      <p className="mt-1 text-sm text-fg-secondary">
        Events these match are dropped when they arrive: not stored and not counted against your quota. The Stats page
        counts them as filtered, by filter.
      </p>
      <form onSubmit={onSubmit} noValidate className="mt-4 max-w-2xl space-y-4" data-testid="filters-form">
        <fieldset disabled={!manage || pending} className="space-y-4">
          {SWITCHES.map(([name, label, hint]) => (
            <CheckField key={name} name={name} label={label} hint={hint} defaultChecked={data.filters[name]} />
          ))}
          <CheckField
            name="spikeProtection"
            label="Spike protection"
            defaultChecked={data.spikeProtection}
            hint="When errors arrive at more than 10 times this project's usual rate over the last day (at least 100 a minute), the excess is dropped to protect your quota, and owners and admins get one email an hour."
          />
          <ListField
            name="errorMessages"
            label="Error messages"
            defaultValue={data.filters.errorMessages}
            hint="One pattern per line, matched against “Type: message”; * matches anything, any case."
          />
          <ListField
            name="releases"
            label="Releases"
            defaultValue={data.filters.releases}
            hint="One pattern per line, e.g. 1.0.* or *-beta."
          />
        </fieldset>
        <FormError message={error} />
        {manage && (
          <Button type="submit" variant="secondary" loading={pending}>
            Save inbound filters
          </Button>
        )}
        <p role="status" aria-live="polite" className="text-sm text-success-fg">
          {saved}
        </p>
      </form>
      <Discarded projectId={projectId} discarded={data.discarded} manage={manage} />
    </Card>
  );
}

function Discarded({
  projectId,
  discarded,
  manage,
}: {
  projectId: string;
  discarded: ProjectFilters['discarded'];
  manage: boolean;
}) {
  const [error, setError] = useState<string>();
  if (discarded.length === 0) return null;
  return (
    <div className="mt-6 space-y-2" data-testid="discarded-issues">
      <h3 className="text-sm font-semibold">Discarded issues</h3>
      <p className="text-xs text-fg-muted">
        New events of these issues are dropped (“delete and discard”). Undo to store them again.
      </p>
      <ul className="space-y-1">
        {discarded.map((d) => (
          <li key={d.fingerprint} className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium break-all">{d.title}</span>
            <span className="text-xs text-fg-muted">
              discarded <RelativeTime iso={d.discardedAt} />
            </span>
            {manage && (
              <Button
                variant="secondary"
                onClick={() => undiscardIssue(projectId, d.fingerprint).catch((err) => setError(messageOf(err)))}
                aria-label={`Stop discarding ${d.title}`}
              >
                Undo
              </Button>
            )}
          </li>
        ))}
      </ul>
      <FormError message={error} />
    </div>
  );
}
