// One event's own title (#60): what its issue would be called had this event made it. An issue is titled by the
// event that created it; later events of the issue (same type and stack) may carry other messages.
import { issueTitle, messageTitle } from '@/lib/ingest/enrich/grouping/fingerprint';

type Details = {
  exception?: { type?: unknown; mechanism?: { synthetic?: unknown } };
  logentry?: { formatted?: unknown };
};

/**
 * `"<type>: <value>"` of the event's exception (first line, 200 characters); a message (none, or a synthetic one: an
 * SDK's captureMessage with a stack) by its formatted text, as lib/ingest/enrich/grouping/group-event.ts titles them.
 */
export function eventTitle(e: { message: string; details: unknown }): string {
  const d = (typeof e.details === 'object' && e.details !== null ? e.details : {}) as Details;
  const type = d.exception?.type;
  if (typeof type === 'string' && type !== 'Message' && d.exception?.mechanism?.synthetic !== true)
    return issueTitle(type, e.message);
  const formatted = d.logentry?.formatted;
  return messageTitle(typeof formatted === 'string' ? formatted : e.message);
}
