// debug_meta of a Sentry event reaches the envelope (for symbolication), and a malformed one is dropped, never a 400.
import { describe, expect, it } from 'vitest';
import type { ErrorUnit } from '@/lib/envelope/validate-envelope';
import { prepareItems } from '@/lib/ingest/protocols/sentry/prepare-items';

const base = {
  event_id: 'a'.repeat(32),
  timestamp: 1_700_000_000,
  exception: { values: [{ type: 'E', value: 'v', stacktrace: { frames: [{ filename: 'a.js', lineno: 1 }] } }] },
};

function envelope(patch: Record<string, unknown>) {
  const r = prepareItems('store', Buffer.from(JSON.stringify({ ...base, ...patch })));
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return (r.units[0] as ErrorUnit).envelope;
}

describe('debug_meta', () => {
  it('keeps the images (type, code_file, debug_id)', () => {
    const images = [
      { type: 'sourcemap', code_file: 'https://x.example/main.js', debug_id: 'cc4332ab-4618-58a4-abe2-8bfdc47e4edb' },
    ];
    expect(envelope({ debug_meta: { images } }).debug_meta).toEqual({ images });
  });

  it.each([
    ['images not an array', { images: 'x' }],
    ['an image without debug_id', { images: [{ code_file: 'a.js' }] }],
    ['a string', 'nope'],
  ])('%s: dropped', (_n, debugMeta) => {
    expect(envelope({ debug_meta: debugMeta }).debug_meta).toBeUndefined();
  });
});
