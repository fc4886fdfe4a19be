// What a provider is (#64): one folder under lib/integrations/providers/<id>/ whose index.ts exports one of these,
// and one entry in lib/integrations/registry.ts. Everything else (connecting, sealing secrets, per-project
// configuration, the job queue and its retries, the delivery log, the webhook route, the audit log) is shared.
import type { z } from 'zod';
import type { MetricIncidentAlert } from './ticket-job';

export type ProviderKind = 'tracker' | 'chat' | 'paging';
export type TicketState = 'open' | 'closed';

/** A ticket as the provider reported it. `externalId` is what its webhooks name; `key` what people and its API do. */
export type Ticket = { externalId: string; key: string; url: string; title: string; state: TicketState };

/** What a new ticket says (lib/integrations/ticket-content.ts builds it; each provider writes it in its format). */
export type TicketDraft = {
  title: string;
  culprit: string | null;
  level: string;
  project: string;
  issueUrl: string;
  eventCount: number;
  userCount: number;
  firstSeen: string;
  lastSeen: string;
  /** The top in-app frames of the latest event, innermost first. */
  frames: { function: string | null; filename: string; lineno: number | null }[];
};

/** An integration as its provider's code sees it: secrets opened, config parsed. */
export type Connection<C, S> = { id: string; name: string; config: C; secrets: S };

/** The calls of an issue tracker, run by the job queue's worker (lib/integrations/delivery-job.ts). */
export type TrackerClient<C, S, P> = {
  createTicket(a: { connection: Connection<C, S>; project: P; draft: TicketDraft }): Promise<Ticket>;
  /** An existing ticket, by what a person typed: its key (PROJ-7, #12, owner/repo#12) or its URL. */
  getTicket(a: { connection: Connection<C, S>; project: P | null; reference: string }): Promise<Ticket>;
  setTicketState(a: {
    connection: Connection<C, S>;
    ticket: { externalId: string; key: string };
    state: TicketState;
  }): Promise<void>;
};

/** An alert about an issue, for a chat or paging provider: the ticket's content and what identifies the alert. */
export type AlertMessage = TicketDraft & {
  issueId: string;
  /** "New issue in Shop", "Regression in Shop", "Resolved in Shop". */
  heading: string;
  status: string;
  /** The same for every alert of this issue: PagerDuty's dedup_key, Opsgenie's alias. */
  dedupKey: string;
  /** Who did what, after a button was pressed ("Resolved by Ada"). */
  footnote?: string | null;
  /** A metric alert incident's change (#62): no issue, no buttons; `issueUrl` is the Alerts page. */
  metric?: MetricIncidentAlert;
};

/** The calls of a chat or paging provider, run by the worker (lib/integrations/alert-job.ts). */
export type NotifierClient<C, S, P> = {
  /** Posts the alert; what names the message (a Slack channel and ts) is returned for the log's target. */
  alert(a: { connection: Connection<C, S>; project: P | null; alert: AlertMessage }): Promise<string | null>;
  /** Resolves what `alert` triggered (PagerDuty, Opsgenie), by the same dedupKey. */
  resolve?(a: { connection: Connection<C, S>; project: P | null; alert: AlertMessage }): Promise<void>;
};

/** An inbound webhook request, its body read (capped) and not yet trusted. */
export type InboundWebhook = { headers: Headers; body: Buffer; urlToken: string | null; now: number };

/** 401: missing or wrong signature or token; 400: outside the replay window. */
export type WebhookCheck = { ok: true } | { ok: false; status: 400 | 401; message: string };

export type WebhookEvent = {
  /** The provider's id of this delivery (the same on its retries): a second one is a replay. */
  deliveryId: string | null;
} & ({ kind: 'ticket_state'; externalId: string; state: TicketState } | { kind: 'ignored'; reason: string });

/** One input of the connect form, shown by the settings page (GET /api/v1/organization/integrations/providers). */
export type ProviderField = {
  name: string;
  label: string;
  /** `config` is stored as it is; `secrets` is sealed and never shown again. */
  in: 'config' | 'secrets';
  type: 'text' | 'url' | 'password' | 'textarea' | 'select';
  required?: boolean;
  options?: { value: string; label: string }[];
  hint?: string;
  /** Only asked when another field has this value (a GitHub App's fields when `auth` is `app`). */
  when?: { field: string; equals: string };
};

export type IntegrationProvider<C = unknown, S = unknown, P = unknown> = {
  id: string;
  name: string;
  kind: ProviderKind;
  fields: ProviderField[];
  /** Parse what connecting sends; an issue's path is under `config` or `secrets` in the 400. */
  config: z.ZodType<C>;
  secrets: z.ZodType<S>;
  /** What spans both (a GitHub App's key only when `auth` is `app`): issues with their full path. */
  validate?(config: C, secrets: S): { path: string[]; message: string }[];
  /** Where one project's tickets go; its fields for the project form. */
  project?: { schema: z.ZodType<P>; fields: ProviderField[]; describe(p: P): string };
  webhook?: {
    verify(req: InboundWebhook, secrets: S): WebhookCheck;
    /** Throws on a body it cannot read (400). */
    parse(req: InboundWebhook): WebhookEvent;
  };
  /** Loaded by the worker only: an official client is a large module. */
  tracker?: () => Promise<TrackerClient<C, S, P>>;
  /** Loaded by the worker only: a chat or paging provider's calls. */
  notifier?: () => Promise<NotifierClient<C, S, P>>;
  /** Links to the code of a repository integration. */
  code?: {
    fileUrl(config: C, at: { repository: string; ref: string; path: string; line: number | null }): string;
    commitUrl(config: C, at: { repository: string; sha: string }): string;
  };
};
