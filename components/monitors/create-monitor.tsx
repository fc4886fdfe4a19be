'use client';

import { useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/swr/fetcher';
import { createMonitor } from '@/lib/swr/use-monitors';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { SelectField } from '@/components/ui/select-field';
import { useAction } from '@/components/ui/use-action';

/** A new cron monitor (slug and schedule) or uptime check (URL, interval, expected status and keyword). */
export function CreateMonitor({ projectId }: { projectId: string }) {
  const { busy, error, run } = useAction();
  const [kind, setKind] = useState<'cron' | 'uptime'>('cron');
  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const target = e.currentTarget;
    const form = new FormData(target);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const created = await run(
      () =>
        createMonitor(
          projectId,
          kind === 'uptime'
            ? {
                kind,
                slug: text('slug'),
                url: text('url'),
                schedule: `${Number(text('interval')) || 1} minute`,
                expectedStatus: text('expectedStatus') ? Number(text('expectedStatus')) : null,
                keyword: text('keyword') || null,
              }
            : {
                kind,
                slug: text('slug'),
                scheduleType: text('scheduleType') || 'crontab',
                schedule: text('schedule'),
                timezone: text('timezone') || 'UTC',
              },
        ),
      (err) =>
        err instanceof ApiError
          ? (Object.values(err.fieldErrors())[0] ?? err.summary())
          : 'Could not reach the server.',
    );
    if (created) target.reset();
  }
  return (
    <Card>
      <h2 className="text-base font-semibold">New monitor</h2>
      <form onSubmit={onSubmit} className="mt-3 grid max-w-2xl gap-3 sm:grid-cols-2" noValidate>
        <SelectField
          name="kind"
          label="Kind"
          value={kind}
          onChange={(e) => setKind(e.target.value as 'cron' | 'uptime')}
          className="w-full"
        >
          <option value="cron">Cron job (check-ins)</option>
          <option value="uptime">Uptime check (URL)</option>
        </SelectField>
        <Field name="slug" label="Slug" placeholder={kind === 'uptime' ? 'api-health' : 'nightly-backup'} required />
        {kind === 'uptime' ? (
          <>
            <div className="sm:col-span-2">
              <Field name="url" label="URL" placeholder="https://example.com/health" required />
            </div>
            <Field name="interval" label="Every (minutes)" type="number" min={1} defaultValue="1" />
            <Field name="expectedStatus" label="Expected status (empty: any 2xx)" type="number" placeholder="200" />
            <Field name="keyword" label="Keyword in the answer (optional)" placeholder="ok" />
          </>
        ) : (
          <>
            <SelectField name="scheduleType" label="Schedule" defaultValue="crontab" className="w-full">
              <option value="crontab">crontab</option>
              <option value="interval">interval</option>
            </SelectField>
            <Field name="schedule" label="Crontab or interval" placeholder="0 3 * * *  or  10 minute" required />
            <Field name="timezone" label="Time zone" placeholder="UTC" />
          </>
        )}
        <div className="sm:col-span-2">
          <FormError message={error} />
          <Button type="submit" loading={busy}>
            Create monitor
          </Button>
        </div>
      </form>
    </Card>
  );
}
