import { describe, expect, it } from 'vitest';
import { parseEnvelope } from './parse-envelope';

const buf = (s: string | Buffer) => (typeof s === 'string' ? Buffer.from(s, 'utf8') : s);

function items(s: string | Buffer) {
  const r = parseEnvelope(buf(s));
  if (!r.ok) throw new Error(`unexpected failure: ${JSON.stringify(r.issue)}`);
  return r.envelope.items.map((i) => ({ type: i.header.type, payload: i.payload.toString('utf8') }));
}

describe('parseEnvelope', () => {
  it('reads items without length (payload to the next newline), with or without a trailing newline', () => {
    const text =
      '{"event_id":"9ec79c33ec9942ab8353589fcb2e04dc"}\n{"type":"event"}\n{"message":"hi"}\n{"type":"session"}\n{"sid":"x"}';
    const expected = [
      { type: 'event', payload: '{"message":"hi"}' },
      { type: 'session', payload: '{"sid":"x"}' },
    ];
    expect(items(text)).toEqual(expected);
    expect(items(`${text}\n`)).toEqual(expected);
    expect(items(`${text}\n\n`)).toEqual(expected);
  });

  it('reads items with length exactly, binary-safe: payloads may hold newlines and arbitrary bytes', () => {
    const attachment = Buffer.from([0x00, 0x0a, 0xff, 0x0a, 0x7b]);
    const event = '{"message":"a\\nb"}';
    const body = Buffer.concat([
      buf('{}\n{"type":"attachment","length":5,"filename":"a.bin"}\n'),
      attachment,
      buf(`\n{"type":"event","length":${Buffer.byteLength(event)}}\n${event}`),
    ]);
    const r = parseEnvelope(body);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.envelope.items).toHaveLength(2);
    expect(Buffer.compare(r.envelope.items[0].payload, attachment)).toBe(0);
    expect(r.envelope.items[1].payload.toString()).toBe(event);
  });

  it('accepts an empty payload with length 0 at the very end, and an envelope with no items', () => {
    expect(items('{}\n{"type":"client_report","length":0}')).toEqual([{ type: 'client_report', payload: '' }]);
    expect(items('{}')).toEqual([]);
    expect(items('{}\n')).toEqual([]);
  });

  it('mixes items with and without length', () => {
    const text = '{}\n{"type":"event","length":2}\n{}\n{"type":"span"}\n{"version":2,"items":[]}\n';
    expect(items(text)).toEqual([
      { type: 'event', payload: '{}' },
      { type: 'span', payload: '{"version":2,"items":[]}' },
    ]);
  });

  it.each([
    ['empty body', '', ['header']],
    ['header not JSON', 'nope\n{"type":"event"}\n{}', ['header']],
    ['header is an array', '[1]\n', ['header']],
    ['item header not JSON', '{}\n{"type":"event"}\n{}\n{oops}\n{}', ['items', 1, 'header']],
    ['item without type', '{}\n{"length":2}\n{}', ['items', 0, 'header', 'type']],
    ['negative length', '{}\n{"type":"event","length":-1}\n{}', ['items', 0, 'header', 'length']],
    ['fractional length', '{}\n{"type":"event","length":1.5}\n{}', ['items', 0, 'header', 'length']],
    ['length beyond the body', '{}\n{"type":"event","length":50}\n{}', ['items', 0, 'header', 'length']],
    ['no newline after a length payload', '{}\n{"type":"event","length":2}\n{}x{"type":"event"}\n{}', ['items', 0]],
  ])('refuses %s with the path of the culprit', (_name, text, path) => {
    const r = parseEnvelope(buf(text));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issue.path).toEqual(path);
  });
});
