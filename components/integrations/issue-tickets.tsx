'use client';

import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { TextLink } from '@/components/ui/text-link';
import { ActionFeedback, useAnnouncedActions } from '@/components/ui/action-feedback';
import {
  requestTicket,
  unlinkTicket,
  useExternalIssues,
  useProjectTrackers,
  type ExternalIssue,
} from '@/lib/swr/use-integrations';

/** An issue's tickets in the organization's issue trackers (#64): linked ones, and create or link one. */
export function IssueTickets({ projectId, issueId }: { projectId: string; issueId: string }) {
  const { tickets } = useExternalIssues(projectId, issueId);
  const trackers = useProjectTrackers(projectId);
  const { run, announcement, error } = useAnnouncedActions();
  const free = (trackers ?? []).filter((t) => !tickets?.some((l) => l.integrationId === t.id && l.status !== 'failed'));
  return (
    <Card>
      <section aria-labelledby="tickets-heading" className="space-y-3" data-testid="issue-tickets">
        <h2 id="tickets-heading" className="text-base font-semibold">
          Tickets
        </h2>
        <ActionFeedback announcement={announcement} error={error} />
        {tickets && tickets.length > 0 && (
          <ul className="space-y-2">
            {tickets.map((t) => (
              <TicketRow
                key={t.id}
                ticket={t}
                onUnlink={() => run(() => unlinkTicket(projectId, issueId, t.id), `${t.key ?? 'Ticket'} unlinked`)}
              />
            ))}
          </ul>
        )}
        {trackers && trackers.length === 0 && (
          <p className="text-sm text-fg-muted">
            No issue tracker is connected. <TextLink href="/settings/organization/integrations">Connect one</TextLink>
          </p>
        )}
        {free.length > 0 && <TicketForm trackers={free} run={run} projectId={projectId} issueId={issueId} />}
      </section>
    </Card>
  );
}

function TicketRow({ ticket: t, onUnlink }: { ticket: ExternalIssue; onUnlink: () => void }) {
  return (
    <li className="flex items-start justify-between gap-2 text-sm" data-testid="linked-ticket" data-status={t.status}>
      <div className="min-w-0">
        <p className="text-xs text-fg-muted">{t.integrationName}</p>
        {t.status === 'linked' && t.url ? (
          <a
            href={t.url}
            target="_blank"
            rel="noreferrer noopener"
            className="font-medium break-all text-link hover:underline"
          >
            {t.key}
          </a>
        ) : (
          <span className="font-medium">{t.status === 'pending' ? 'Waiting for the tracker…' : 'Not created'}</span>
        )}{' '}
        {t.status === 'linked' && (
          <Badge tone={t.state === 'closed' ? 'green' : 'blue'} data-testid="ticket-state">
            {t.state === 'closed' ? 'Closed' : 'Open'}
          </Badge>
        )}
        {t.title && t.status === 'linked' && <p className="truncate text-xs text-fg-secondary">{t.title}</p>}
        {t.error && (
          <p className="text-xs break-words text-danger-fg" data-testid="ticket-error">
            {t.error}
          </p>
        )}
      </div>
      <Button
        variant="ghost"
        className="h-8 shrink-0 px-2 text-xs"
        onClick={onUnlink}
        aria-label={`Unlink ${t.key ?? 'the ticket'}`}
      >
        Unlink
      </Button>
    </li>
  );
}

type Run = (fn: () => Promise<void>, done: string) => Promise<boolean>;

function TicketForm({
  trackers,
  run,
  projectId,
  issueId,
}: {
  trackers: { id: string; name: string; target: string | null }[];
  run: Run;
  projectId: string;
  issueId: string;
}) {
  const [integrationId, setIntegrationId] = useState(trackers[0].id);
  const [pending, setPending] = useState<'create' | 'link'>();
  const chosen = trackers.find((t) => t.id === integrationId) ?? trackers[0];
  async function create() {
    setPending('create');
    await run(
      () => requestTicket(projectId, issueId, { action: 'create', integrationId: chosen.id }),
      `Creating a ticket in ${chosen.name}`,
    );
    setPending(undefined);
  }
  async function link(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const reference = String(new FormData(form).get('reference') ?? '');
    setPending('link');
    if (
      await run(
        () => requestTicket(projectId, issueId, { action: 'link', integrationId: chosen.id, reference }),
        `Linking ${reference}`,
      )
    )
      form.reset();
    setPending(undefined);
  }
  return (
    <div className="space-y-3 border-t border-line-subtle pt-3">
      <SelectField
        id="ticket-tracker"
        name="tracker"
        label="Tracker"
        value={chosen.id}
        onChange={(e) => setIntegrationId(e.target.value)}
      >
        {trackers.map((t) => (
          <option key={t.id} value={t.id}>
            {t.name}
            {t.target ? ` — ${t.target}` : ''}
          </option>
        ))}
      </SelectField>
      <Button className="w-full" onClick={create} loading={pending === 'create'} disabled={!chosen.target || !!pending}>
        Create ticket
      </Button>
      {!chosen.target && (
        <p className="text-xs text-fg-muted">
          Choose where {chosen.name} puts this project&apos;s tickets in{' '}
          <TextLink href="/settings/organization/integrations">Integrations</TextLink> first.
        </p>
      )}
      <form onSubmit={link} noValidate className="space-y-2">
        <Field
          id="ticket-reference"
          name="reference"
          label="Link an existing ticket"
          placeholder="Its key or URL"
          autoComplete="off"
        />
        <Button type="submit" variant="secondary" className="w-full" loading={pending === 'link'} disabled={!!pending}>
          Link ticket
        </Button>
      </form>
    </div>
  );
}
