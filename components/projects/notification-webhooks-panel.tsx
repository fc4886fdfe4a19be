'use client';

import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/swr/fetcher';
import {
  createNotificationWebhook,
  deleteNotificationWebhook,
  useNotificationWebhooks,
  type NotificationWebhook,
} from '@/lib/swr/use-notifications';
import { createNotificationWebhookSchema, NOTIFICATION_EVENTS, type NotificationEvent } from '@/lib/zod/notifications';
import { WEBHOOK_FORMATS } from '@/lib/zod/alerts';
import { Button } from '@/components/ui/button';
import { useAction } from '@/components/ui/use-action';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { FormError } from '@/components/ui/form-error';
import { SelectField } from '@/components/ui/select-field';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { WEBHOOK_FORMAT_LABELS } from '@/components/alerts/rule-form/notify-fields';
import { EVENT_LABELS } from '@/components/account/notifications/event-labels';

/** The project's Slack, Discord or JSON webhooks for workflow events: shown to everyone, managed by ADMINs. */
export function NotificationWebhooksPanel({ projectId, manage }: { projectId: string; manage: boolean }) {
  const { hooks, error, isLoading } = useNotificationWebhooks(projectId);
  return (
    <Card>
      <h2 className="text-base font-semibold">Notification webhooks</h2>
      <p className="mt-1 text-sm text-fg-secondary">
        Post each event of this project&apos;s issues (assigned, commented, regressed, resolved, new) to a Slack or
        Discord channel, or as signed JSON. Alert rules have their own webhooks.
      </p>
      {error && <ErrorState error={error} title="Could not load the notification webhooks" />}
      {isLoading && <LoadingState label="Loading notification webhooks" />}
      {hooks && <HookList projectId={projectId} hooks={hooks} manage={manage} />}
      {manage && <AddHook projectId={projectId} />}
    </Card>
  );
}

function HookList({ projectId, hooks, manage }: { projectId: string; hooks: NotificationWebhook[]; manage: boolean }) {
  const [error, setError] = useState<string>();
  if (!hooks.length) return <p className="mt-3 text-sm text-fg-muted">No notification webhooks yet.</p>;
  return (
    <>
      <ul className="mt-3 divide-y divide-line" aria-label="Notification webhooks">
        {hooks.map((h) => (
          <li key={h.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
            <div className="min-w-0">
              <p className="break-all font-mono text-xs">{h.url}</p>
              <p className="text-xs text-fg-muted">
                {WEBHOOK_FORMAT_LABELS[h.format as keyof typeof WEBHOOK_FORMAT_LABELS] ?? h.format}:{' '}
                {h.events.map((e) => EVENT_LABELS[e as NotificationEvent]?.label ?? e).join(', ')}
              </p>
            </div>
            {manage && (
              <Button
                variant="danger-ghost"
                aria-label={`Delete the webhook ${h.url}`}
                onClick={() => deleteNotificationWebhook(projectId, h.id).catch((err) => setError(errorMessage(err)))}
              >
                Delete
              </Button>
            )}
          </li>
        ))}
      </ul>
      <FormError message={error} />
    </>
  );
}

function AddHook({ projectId }: { projectId: string }) {
  const { busy: pending, error, setError, run } = useAction();
  const [status, setStatus] = useState('');
  const [secret, setSecret] = useState<string>();

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    setError(undefined);
    setStatus('');
    const parsed = createNotificationWebhookSchema.safeParse({
      url: form.get('url'),
      format: form.get('format'),
      events: NOTIFICATION_EVENTS.filter((ev) => form.get(`event-${ev}`) === 'on'),
    });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    const added = await run(async () => setSecret((await createNotificationWebhook(projectId, parsed.data)).secret));
    if (added) {
      setStatus('Webhook added');
      formEl.reset();
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 max-w-2xl space-y-3" aria-label="Add a notification webhook">
      <Field
        name="url"
        id="notification-webhook-url"
        label="Webhook URL"
        type="url"
        placeholder="https://hooks.slack.com/services/…"
      />
      <SelectField
        name="format"
        id="notification-webhook-format"
        label="Format"
        defaultValue="slack"
        className="w-full sm:w-72"
      >
        {WEBHOOK_FORMATS.map((f) => (
          <option key={f} value={f}>
            {WEBHOOK_FORMAT_LABELS[f]}
          </option>
        ))}
      </SelectField>
      <fieldset>
        <legend className="text-sm font-medium text-fg-secondary">Events</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {NOTIFICATION_EVENTS.map((ev) => (
            <label key={ev} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={`event-${ev}`} defaultChecked className="size-4 accent-fg" />
              {EVENT_LABELS[ev].label}
            </label>
          ))}
        </div>
      </fieldset>
      <FormError message={error} />
      <Button type="submit" variant="secondary" loading={pending}>
        Add webhook
      </Button>
      <p role="status" aria-live="polite" className="text-sm text-success-fg">
        {status}
      </p>
      {secret && (
        <p className="break-all text-xs text-fg-secondary">
          Signing secret (shown once, for X-Webhook-Signature): <code>{secret}</code>
        </p>
      )}
    </form>
  );
}
