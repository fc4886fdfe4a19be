import { describe, expect, it } from 'vitest';
import { bottomOf, compact, placeWidget } from './layout';

const w = (id: string, x: number, y: number, width = 6, h = 2) => ({ id, layout: { x, y, w: width, h } });
const at = (items: { id: string; layout: { x: number; y: number; w: number; h: number } }[]) =>
  Object.fromEntries(items.map((i) => [i.id, [i.layout.x, i.layout.y, i.layout.w, i.layout.h]]));

describe('dashboard layout', () => {
  it('rises every widget into the holes above it, none overlapping', () => {
    expect(at(compact([w('a', 0, 4), w('b', 6, 9), w('c', 0, 7)]))).toEqual({
      a: [0, 0, 6, 2],
      b: [6, 0, 6, 2],
      c: [0, 2, 6, 2],
    });
  });

  it('a widget dragged onto another takes its place and pushes it down', () => {
    const items = [w('a', 0, 0), w('b', 6, 0), w('c', 0, 2)];
    expect(at(placeWidget(items, 'c', { x: 6, y: 0, w: 6, h: 2 }))).toEqual({
      a: [0, 0, 6, 2],
      b: [6, 2, 6, 2],
      c: [6, 0, 6, 2],
    });
  });

  it('a widget dragged below the others rises to the first free row; a resize pushes its neighbour down', () => {
    const items = [w('a', 0, 0), w('b', 6, 0)];
    expect(at(placeWidget(items, 'a', { x: 0, y: 30, w: 6, h: 2 }))).toEqual({ a: [0, 0, 6, 2], b: [6, 0, 6, 2] });
    expect(at(placeWidget(items, 'a', { x: 0, y: 0, w: 12, h: 3 }))).toEqual({ a: [0, 0, 12, 3], b: [6, 3, 6, 2] });
  });

  it('keeps the caller’s order and knows the first free row', () => {
    const items = [w('z', 0, 5), w('y', 0, 0)];
    expect(compact(items).map((i) => i.id)).toEqual(['z', 'y']);
    expect(bottomOf(compact(items))).toBe(4);
    expect(bottomOf([])).toBe(0);
  });
});
