// What the replay page shows beside the player (#46), read from a recording's rrweb events: when it starts and
// ends, the clicks and navigations to mark on the timeline, and the SDK's console and network breadcrumbs
// (@sentry/browser's replay records them as rrweb custom events: `breadcrumb` and `performanceSpan`).
import { isRrwebClick, RRWEB, rrwebTimeMs } from '@/lib/envelope/rrweb';

export type TimelineMarker = { offsetMs: number; kind: 'click' | 'navigation' | 'error'; label: string };
export type ConsoleEntry = { offsetMs: number; level: string; message: string };
export type NetworkEntry = {
  offsetMs: number;
  method: string;
  url: string;
  status: number | null;
  durationMs: number | null;
};
export type Timeline = {
  startMs: number;
  endMs: number;
  markers: TimelineMarker[];
  console: ConsoleEntry[];
  network: NetworkEntry[];
};

type Raw = { type?: unknown; timestamp?: unknown; data?: unknown };
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v));
/** Sentry's breadcrumb and span times are seconds; rrweb's are milliseconds. */
const ms = (v: unknown) => rrwebTimeMs(v) ?? NaN;

export function buildTimeline(
  events: readonly unknown[],
  errors: { timestamp: string; title: string }[] = [],
): Timeline {
  const timed = events
    .filter((e): e is Raw & { timestamp: number } => isObject(e) && typeof e.timestamp === 'number' && e.timestamp > 0)
    .map((e) => ({ ...e, timestamp: ms(e.timestamp) }));
  const startMs = timed.length ? Math.min(...timed.map((e) => e.timestamp)) : 0;
  const endMs = timed.length ? Math.max(...timed.map((e) => e.timestamp)) : 0;
  const at = (t: number) => Math.max(0, t - startMs);
  const markers: TimelineMarker[] = [];
  const consoleEntries: ConsoleEntry[] = [];
  const network: NetworkEntry[] = [];
  for (const e of timed) {
    const data = isObject(e.data) ? e.data : {};
    if (e.type === RRWEB.meta && typeof data.href === 'string')
      markers.push({ offsetMs: at(e.timestamp), kind: 'navigation', label: data.href });
    else if (isRrwebClick(e.type, data)) markers.push({ offsetMs: at(e.timestamp), kind: 'click', label: 'Click' });
    else if (e.type === RRWEB.custom && isObject(data.payload)) {
      const p = data.payload;
      if (data.tag === 'breadcrumb') {
        const when = Number.isFinite(ms(p.timestamp)) ? ms(p.timestamp) : e.timestamp;
        if (p.category === 'console')
          consoleEntries.push({ offsetMs: at(when), level: str(p.level) || 'log', message: str(p.message) });
        else if (p.category === 'ui.click')
          markers.push({ offsetMs: at(when), kind: 'click', label: str(p.message) || 'Click' });
        else if (p.category === 'navigation' && isObject(p.data) && typeof p.data.to === 'string')
          markers.push({ offsetMs: at(when), kind: 'navigation', label: p.data.to });
      } else if (data.tag === 'performanceSpan' && /^resource\.(fetch|xhr)$/.test(str(p.op))) {
        const start = ms(p.startTimestamp);
        const end = ms(p.endTimestamp);
        const d = isObject(p.data) ? p.data : {};
        network.push({
          offsetMs: at(Number.isFinite(start) ? start : e.timestamp),
          method: str(d.method) || 'GET',
          url: str(p.description),
          status: typeof d.statusCode === 'number' ? d.statusCode : null,
          durationMs: Number.isFinite(start) && Number.isFinite(end) ? Math.round(end - start) : null,
        });
      }
    }
  }
  for (const err of errors) {
    const t = Date.parse(err.timestamp);
    if (Number.isFinite(t)) markers.push({ offsetMs: at(t), kind: 'error', label: err.title });
  }
  const byTime = <T extends { offsetMs: number }>(list: T[]) => list.sort((a, b) => a.offsetMs - b.offsetMs);
  return { startMs, endMs, markers: byTime(markers), console: byTime(consoleEntries), network: byTime(network) };
}

/** "1:05" from milliseconds (hours when there are any: "1:02:03"). */
export function formatOffset(msValue: number): string {
  const s = Math.max(0, Math.floor(msValue / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
