import { describe, expect, it } from 'vitest';
import type { AnyKind } from './kind';
import { runOrder } from './kind-order';
import { ITEM_KINDS } from './registry';

const kind = (name: string, more: Partial<AnyKind> = {}): AnyKind => ({
  name,
  itemTypes: {},
  fields: {},
  parse: () => ({ items: [] }),
  store: async () => {},
  ...more,
});
const names = (kinds: readonly AnyKind[]) => kinds.map((k) => k.name);

describe('the order kinds run in', () => {
  it('is data: after the kinds each names, a failing-request kind as early as it can, ties by name', () => {
    const order = runOrder([
      kind('spans', { after: ['events'] }),
      kind('attachments', { after: ['events'] }),
      kind('check-ins'),
      kind('events', { failsRequest: true }),
    ]);
    expect(names(order)).toEqual(['events', 'attachments', 'check-ins', 'spans']);
  });

  it("does not depend on the list's order", () => {
    const kinds = [kind('b', { after: ['c'] }), kind('a'), kind('c'), kind('d', { after: ['a', 'b'] })];
    const once = names(runOrder(kinds));
    expect(once).toEqual(['a', 'c', 'b', 'd']);
    expect(names(runOrder([...kinds].reverse()))).toEqual(once);
  });

  it('refuses a circle, an unknown name, two kinds of one name and two that answer', () => {
    expect(() => runOrder([kind('a', { after: ['b'] }), kind('b', { after: ['a'] })])).toThrow(/circle: a, b/);
    expect(() => runOrder([kind('a', { after: ['nope'] })])).toThrow(/runs after nope: no such kind/);
    expect(() => runOrder([kind('a'), kind('a')])).toThrow(/share a name/);
    expect(() => runOrder([kind('a', { answers: true }), kind('b', { answers: true })])).toThrow(/answers/);
  });

  it('runs the registered kinds with the events first and what shares their fate after them', () => {
    const order = names(ITEM_KINDS);
    expect(order[0]).toBe('events');
    expect(order.indexOf('spans')).toBeGreaterThan(order.indexOf('events'));
    expect(order.indexOf('attachments')).toBeGreaterThan(order.indexOf('events'));
    expect(ITEM_KINDS.filter((k) => k.answers).map((k) => k.name)).toEqual(['events']);
  });
});
