// Envelopes as @sentry/node sent them to the recorder (#51), and the rewriting that replays them as new traffic.
import { randomBytes } from 'node:crypto';

/** One envelope as it reached the loopback receiver: body gunzipped, `wireBytes` as sent. */
export type Recorded = {
  path: string;
  headers: Record<string, string>;
  wireBytes: number;
  types: string[];
  body: string;
};

type Item = { header: Record<string, unknown>; payload: unknown };

/** Header line, then header/payload line pairs (every payload the SDK sends here is one JSON line). */
export function parseEnvelope(body: string): { header: Record<string, unknown>; items: Item[] } {
  const lines = body.split('\n').filter((l) => l.length > 0);
  const items: Item[] = [];
  for (let i = 1; i + 1 < lines.length; i += 2)
    items.push({ header: JSON.parse(lines[i]), payload: JSON.parse(lines[i + 1]) });
  return { header: JSON.parse(lines[0]), items };
}

export const serializeEnvelope = (header: Record<string, unknown>, items: Item[]) =>
  [JSON.stringify(header), ...items.flatMap((i) => [JSON.stringify(i.header), JSON.stringify(i.payload)])].join('\n') +
  '\n';

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * Fresh ids for one replayed app request: every 32- or 16-hex id of the recording gets a new value, the same one
 * wherever it appears (a transaction's trace id in its spans, its log lines and its error).
 */
export class IdMap {
  private map = new Map<string, string>();
  get(old: string): string {
    let v = this.map.get(old);
    if (!v) {
      v = hex(old.length / 2);
      this.map.set(old, v);
    }
    return v;
  }
}

const IDS = /"([0-9a-f]{32}|[0-9a-f]{16})"/g;
const TIMES = /"(start_timestamp|end_timestamp|timestamp)":(\d+(?:\.\d+)?)/g;

/**
 * A payload's text with fresh ids (`ids`) and its float timestamps moved by `shiftSeconds`; string values that are
 * not ids (messages, statements) keep their text.
 */
export function rewrite(text: string, ids: IdMap, shiftSeconds: number): string {
  return text
    .replace(IDS, (_, id: string) => `"${ids.get(id)}"`)
    .replace(TIMES, (_, key: string, t: string) => `"${key}":${(Number(t) + shiftSeconds).toFixed(6)}`);
}
