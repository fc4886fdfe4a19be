import { describe, expect, it } from 'vitest';
import { sanitizeRecording } from './sanitize-recording';

const el = (id: number, tagName: string, attributes: Record<string, unknown>, childNodes: unknown[] = []) => ({
  type: 2,
  id,
  tagName,
  attributes,
  childNodes,
});

describe('sanitizeRecording', () => {
  it('takes out what connects or runs, in the snapshot, in added nodes and in attribute changes', () => {
    const events = sanitizeRecording([
      {
        type: 2,
        timestamp: 1,
        data: {
          node: {
            type: 0,
            id: 1,
            childNodes: [
              el(2, 'html', {}, [
                el(3, 'head', {}, [
                  el(4, 'link', { rel: 'preconnect', href: 'http://evil.test' }),
                  el(5, 'link', { rel: 'stylesheet', href: '/app.css' }),
                  el(6, 'meta', { 'http-equiv': 'refresh', content: '0;url=http://evil.test' }),
                  el(7, 'meta', { name: 'viewport', content: 'width=device-width' }),
                ]),
                el(8, 'body', { onload: 'steal()', class: 'page' }, [
                  el(9, 'iframe', { src: 'http://evil.test/frame', srcdoc: '<b>x</b>', rr_width: '10px' }),
                  el(10, 'a', { href: 'javascript:steal()', title: 'ok' }),
                  el(11, 'a', { href: 'https://shop.example/cart' }),
                  el(12, 'img', { src: 'https://cdn.example/a.png', onerror: 'steal()' }),
                  el(13, 'object', { data: 'http://evil.test/x.swf' }),
                ]),
              ]),
            ],
          },
        },
      },
      {
        type: 3,
        timestamp: 2,
        data: {
          source: 0,
          adds: [{ parentId: 8, node: el(20, 'IFRAME', { src: 'http://evil.test/later' }) }],
          attributes: [
            { id: 9, attributes: { src: 'http://evil.test/again', style: 'width: 10px' } },
            { id: 11, attributes: { href: 'https://shop.example/other', onclick: 'steal()' } },
            { id: 4, attributes: { href: 'http://evil.test/2' } },
          ],
        },
      },
    ]) as { data: { node?: unknown; adds?: unknown; attributes?: unknown } }[];
    const json = JSON.stringify(events);
    expect(json).not.toContain('evil.test');
    expect(json).not.toContain('steal()');
    // What is harmless stays.
    for (const kept of ['/app.css', 'width=device-width', 'https://shop.example/cart', 'https://cdn.example/a.png'])
      expect(json).toContain(kept);
    expect(events[1].data.attributes).toEqual([
      { id: 9, attributes: { style: 'width: 10px' } },
      { id: 11, attributes: { href: 'https://shop.example/other' } },
      { id: 4, attributes: {} },
    ]);
  });

  it('puts every time in milliseconds', () => {
    const out = sanitizeRecording([
      { type: 4, timestamp: 1_780_000_000_000, data: {} },
      { type: 5, timestamp: 1_780_000_000.25, data: { tag: 'performanceSpan' } },
    ]) as { timestamp: number }[];
    expect(out.map((e) => e.timestamp)).toEqual([1_780_000_000_000, 1_780_000_000_250]);
  });

  it('ignores what is not an rrweb event and survives a tree far deeper than a page', () => {
    const frame = el(1, 'iframe', { src: 'http://evil.test' });
    let node: unknown = frame;
    for (let i = 0; i < 100_000; i++) node = { type: 2, id: i + 2, tagName: 'div', attributes: {}, childNodes: [node] };
    sanitizeRecording([null, 'x', { type: 2 }, { type: 2, data: { node } }]);
    expect(frame.attributes).toEqual({});
  });
});
