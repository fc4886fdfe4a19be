// Release health (#30, #44): `session` updates and `sessions` aggregates, each stored by its own writer; the distinct
// id is the user's (an email, a name) and is scrubbed as an event's user id is. Not rate-limited per item and not
// counted against the monthly quota, as Sentry meters sessions apart.
import { defineKind, jsonOrRefusal } from '../kind';
import { ingestSessions } from './ingest-sessions';
import { parseSession, parseSessions, type SessionItem } from './parse-sessions';

export { STATUS_RANK, type SessionItem } from './parse-sessions';

export const sessions = defineKind<SessionItem>({
  name: 'sessions',
  itemTypes: { session: 'session', sessions: 'session' },
  fields: { text: ['did'] },
  parse(_item, type, ctx) {
    const payload = jsonOrRefusal(ctx);
    if (Array.isArray(payload)) return { items: [], invalid: payload };
    const r = (type === 'session' ? parseSession : parseSessions)(payload, ctx.path);
    return r.length > 0 && !('kind' in r[0]) ? { items: [], invalid: r as never } : { items: r as SessionItem[] };
  },
  store: (key, items, ctx) => ingestSessions(key, items, ctx.count),
});
