import { describe, expect, it } from 'vitest';
import { DEFAULT_PRIVACY, scrubPolicyOf } from '@/lib/ingest/enrich/scrubbing/policy';
import { FILTERED as F } from '@/lib/ingest/enrich/scrubbing/rules';
import { scrubItem } from '@/lib/ingest/enrich/scrubbing/scrub-item';
import { replays } from '.';

const policy = scrubPolicyOf(DEFAULT_PRIVACY);
const off = scrubPolicyOf({ ...DEFAULT_PRIVACY, scrubDefaults: false });
const CARD = '4111 1111 1111 1111';
/** What a field shows after each keystroke of `typed`. */
const keystrokes = (typed: string) => Array.from({ length: typed.length }, (_, i) => typed.slice(0, i + 1));

/** A recording as @sentry/browser's replay sends it with masking off: the page, then each keystroke, then changes. */
function recording() {
  const t0 = 1_764_000_000_000;
  return [
    { type: 4, timestamp: t0, data: { href: 'https://shop.example/pay', width: 1280, height: 800 } },
    {
      type: 2,
      timestamp: t0 + 1,
      data: {
        node: {
          type: 0,
          id: 1,
          childNodes: [
            {
              type: 2,
              id: 2,
              tagName: 'html',
              attributes: {},
              childNodes: [
                { type: 3, id: 3, textContent: 'Saved card 5555 5555 5555 444 (edit)' },
                {
                  type: 2,
                  id: 4,
                  tagName: 'input',
                  attributes: { id: 'card', value: '4111 1111 1111 11' },
                  childNodes: [],
                },
                { type: 2, id: 5, tagName: 'input', attributes: { id: 'zip', value: '10115' }, childNodes: [] },
              ],
            },
          ],
        },
        initialOffset: { left: 0, top: 0 },
      },
    },
    ...keystrokes(CARD).map((text, i) => ({
      type: 3,
      timestamp: t0 + 100 + i,
      data: { source: 5, id: 4, text, isChecked: false },
    })),
    {
      type: 3,
      timestamp: t0 + 200,
      data: {
        source: 0,
        texts: [{ id: 3, value: 'Card 4111-1111-1111-111 saved' }],
        attributes: [{ id: 4, attributes: { value: '4111111111111', 'data-order': '411111111111' } }],
        removes: [],
        adds: [
          {
            parentId: 2,
            nextId: null,
            node: {
              type: 2,
              id: 6,
              tagName: 'p',
              attributes: {},
              childNodes: [{ type: 3, id: 7, textContent: 'Ends 4111 1111 1111 11' }],
            },
          },
        ],
      },
    },
    {
      type: 5,
      timestamp: t0 + 300,
      data: {
        tag: 'options',
        payload: { sessionSampleRate: 1, errorSampleRate: 0.5, maskAllText: false, maskAllInputs: false },
      },
    },
  ];
}

const scrubbed = (p = policy) => {
  const row = { type: 'recording', replayId: 'r', segmentId: 0, events: recording(), stats: {} };
  return scrubItem(row, replays.fields, p).events as ReturnType<typeof recording>;
};

describe('a replay recording as typed (#58)', () => {
  it('every keystroke of 12 digits or more is filtered, the shorter ones kept as typed', () => {
    const inputs = scrubbed()
      .filter((e) => e.type === 3 && (e.data as { source: number }).source === 5)
      .map((e) => (e.data as { text: string }).text);
    expect(inputs).toHaveLength(CARD.length);
    // Up to 11 digits as typed; from the 12th on, each keystroke's value filtered (a trailing space kept).
    expect(inputs.slice(0, 13)).toEqual(keystrokes(CARD).slice(0, 13));
    expect(inputs[12]).toBe('4111 1111 111');
    expect(inputs.slice(13)).toEqual([F, `${F} `, F, F, F, F]);
    expect(JSON.stringify(inputs)).not.toMatch(/4111[ -]?1111[ -]?1111/);
  });

  it('text nodes, input values, text and value mutations and added nodes; other attributes as any value', () => {
    const [, full, ...rest] = scrubbed();
    const html = (full.data as { node: { childNodes: { childNodes: unknown[] }[] } }).node.childNodes[0].childNodes;
    expect(html).toEqual([
      { type: 3, id: 3, textContent: `Saved card ${F} (edit)` },
      { type: 2, id: 4, tagName: 'input', attributes: { id: 'card', value: F }, childNodes: [] },
      { type: 2, id: 5, tagName: 'input', attributes: { id: 'zip', value: '10115' }, childNodes: [] },
    ]);
    const mutation = rest.find((e) => e.type === 3 && (e.data as { source: number }).source === 0)!.data;
    expect(mutation).toMatchObject({
      texts: [{ id: 3, value: `Card ${F} saved` }],
      // The order number is no input value: the value rules alone read it (not Luhn-valid, 12 digits: kept).
      attributes: [{ id: 4, attributes: { value: F, 'data-order': '411111111111' } }],
      adds: [{ node: { childNodes: [{ type: 3, id: 7, textContent: `Ends ${F}` }] } }],
    });
  });

  it("the SDK's replay options stay readable", () => {
    const options = scrubbed().find((e) => e.type === 5)!;
    expect(options.data).toEqual({
      tag: 'options',
      payload: { sessionSampleRate: 1, errorSampleRate: 0.5, maskAllText: false, maskAllInputs: false },
    });
  });

  it('with the default rules off, the recording is kept as typed', () => {
    expect(scrubbed(off)).toEqual(recording());
  });
});
