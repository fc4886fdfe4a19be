// User feedback items (#33): `feedback` (the widget and captureFeedback: an event of type feedback whose
// contexts.feedback holds message, contact_email, name, url, source, associated_event_id, replay_id) and the legacy
// `user_report` (event_id, name, email, comments), validated into what the feedback writer stores. A bad item is
// counted invalid with its reason; the envelope's other items are kept.
import { z } from 'zod';
import type { FieldIssue } from '@/lib/errors';
import type { Path } from '@/lib/envelope/validate-envelope';
import { isObject, type JsonObject } from '@/lib/envelope/parse-envelope';
import { contextsFromUserAgent, userAgentOf } from '@/lib/envelope/user-agent';
import { storableEnvelope, storableString } from '@/lib/envelope/prepare-json';

export const MAX_FEEDBACK_MESSAGE = 20_000;

export type FeedbackItem = {
  /** The feedback's own id: its attachments (a screenshot) carry it. */
  eventId: string;
  associatedEventId: string | null;
  message: string;
  name: string | null;
  email: string | null;
  url: string | null;
  source: 'widget' | 'api' | 'user_report' | 'crash_report_dialog';
  /** Browser, OS, device, tags, release, environment, replay id: what the SDK sent beside the message. */
  contexts: JsonObject | null;
  createdAt: Date;
};

const hex32 = z
  .string()
  .transform((v) => v.replace(/-/g, '').toLowerCase())
  .pipe(z.string().regex(/^[0-9a-f]{32}$/, 'Must be 32 hex characters'));
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? storableString(v) : null));

const feedbackContext = z.object({
  message: z
    .string({ message: 'Feedback needs a message' })
    .trim()
    .min(1, 'Feedback needs a message')
    .max(MAX_FEEDBACK_MESSAGE)
    .transform(storableString),
  contact_email: text(254),
  name: text(200),
  url: text(2048),
  source: z.string().max(64).nullish(),
  associated_event_id: hex32.nullish(),
  replay_id: z.string().max(64).nullish(),
});

const feedbackEvent = z.object({
  event_id: hex32.optional(),
  timestamp: z.union([z.number(), z.string()]).optional(),
  contexts: z.object({ feedback: feedbackContext }, { message: 'Feedback needs contexts.feedback' }).passthrough(),
  tags: z.record(z.string(), z.unknown()).optional(),
  release: z.string().max(200).optional(),
  environment: z.string().max(64).optional(),
  user: z.record(z.string(), z.unknown()).optional(),
});

const userReport = z.object({
  event_id: hex32,
  name: text(200),
  email: text(254),
  comments: z
    .string({ message: 'A user report needs comments' })
    .trim()
    .min(1, 'A user report needs comments')
    .max(MAX_FEEDBACK_MESSAGE)
    .transform(storableString),
});

function issuesOf(err: z.ZodError, path: Path): FieldIssue[] {
  return err.issues.map((i) => ({ path: [...path, ...(i.path as (string | number)[])], message: i.message }));
}

function when(v: unknown): Date {
  const ms = typeof v === 'number' ? v * 1000 : typeof v === 'string' ? Date.parse(v) : NaN;
  return Number.isFinite(ms) ? new Date(ms) : new Date();
}

const randomId = () => crypto.randomUUID().replace(/-/g, '');

/** A `feedback` item; `headerEventId` is the envelope header's event_id (the SDK puts the feedback's id there). */
export function parseFeedback(payload: JsonObject, path: Path, headerEventId: unknown): FeedbackItem | FieldIssue[] {
  const r = feedbackEvent.safeParse(payload);
  if (!r.success) return issuesOf(r.error, path);
  const f = r.data.contexts.feedback;
  const header = hex32.safeParse(headerEventId);
  const { feedback: _f, ...otherContexts } = r.data.contexts;
  const contexts: JsonObject = { ...otherContexts };
  if (r.data.tags) contexts.tags = r.data.tags;
  if (r.data.release) contexts.release = r.data.release;
  if (r.data.environment) contexts.environment = r.data.environment;
  if (f.replay_id) contexts.replay_id = f.replay_id;
  // The browser SDK names the browser only by the User-Agent it sends in `request`: read as an event's is (#45).
  const ua = userAgentOf(payload.request);
  if (ua)
    for (const [k, v] of Object.entries(contextsFromUserAgent(ua))) if (!isObject(contexts[k])) contexts[k] = { ...v };
  // The page it was sent from: contexts.feedback.url, else the request's URL (the SDK sets both to the page).
  const requestUrl = text(2048).safeParse(isObject(payload.request) ? payload.request.url : null);
  // What the SDK sent beside the message is kept when it can be stored (not too deep; strings made storable).
  const kept = storableEnvelope(contexts, true);
  return {
    eventId: r.data.event_id ?? (header.success ? header.data : randomId()),
    associatedEventId: f.associated_event_id ?? null,
    message: f.message,
    name: f.name,
    email: f.contact_email,
    url: f.url ?? (requestUrl.success ? requestUrl.data : null),
    source: f.source === 'widget' ? 'widget' : 'api',
    contexts: kept.ok && Object.keys(kept.value).length ? kept.value : null,
    createdAt: when(r.data.timestamp),
  };
}

/** A legacy `user_report` item: feedback about the event `event_id`. */
export function parseUserReport(payload: JsonObject, path: Path): FeedbackItem | FieldIssue[] {
  const r = userReport.safeParse(payload);
  if (!r.success) return issuesOf(r.error, path);
  return userReportItem(r.data, 'user_report');
}

export function userReportItem(
  r: { event_id: string; name: string | null; email: string | null; comments: string },
  source: 'user_report' | 'crash_report_dialog',
): FeedbackItem {
  return {
    eventId: randomId(),
    associatedEventId: r.event_id,
    message: r.comments,
    name: r.name,
    email: r.email,
    url: null,
    source,
    contexts: null,
    createdAt: new Date(),
  };
}

export { userReport as userReportSchema };
