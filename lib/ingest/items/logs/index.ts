// Logs (#34, #44): Sentry `log` items (Sentry.logger.*), each line a row with its level, message, template,
// attributes and the trace and span it was written in. Lines without a usable time, or past the item's cap, are
// counted as unusable, not lost. OTLP log records arrive as the same rows (lib/ingest/protocols/otlp).
import { defineKind, jsonOrRefusal } from '../kind';
import { storeLogs } from './log-writer';
import { parseLogs, type LogRow } from './parse-logs';

export { flattenAttributes, LOG_LEVELS, logRow, type LogLevel, type LogRow } from './parse-logs';

export const logs = defineKind<LogRow>({
  name: 'logs',
  itemTypes: { log: 'log_item' },
  fields: { text: ['body', 'template'], map: ['attributes'] },
  parse(_item, _type, ctx) {
    const payload = jsonOrRefusal(ctx);
    if (Array.isArray(payload)) return { items: [], invalid: payload };
    const r = parseLogs(payload, ctx.path);
    if (r.length > 0 && 'message' in r[0] && 'path' in r[0]) return { items: [], invalid: [r[0] as never] };
    const rows = r as LogRow[];
    const sent = Array.isArray(payload.items) ? payload.items.length : 0;
    return { items: rows, unusable: Math.max(0, sent - rows.length) };
  },
  store: (key, items, ctx) => storeLogs(key, items, ctx.count),
});
