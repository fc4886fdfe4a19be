// Where widgets sit on a dashboard's 12-column grid (#61), shared by the page (a drag or a resize) and the API (a
// widget added below the others). Pure. A widget placed where others are pushes them down, and then every widget
// rises as far as it can (react-grid-layout's vertical compaction), so a layout never overlaps and has no holes.
import type { WidgetLayout } from '@/lib/zod/dashboards';

export type Placed = { id: string; layout: WidgetLayout };

const overlaps = (a: WidgetLayout, b: WidgetLayout) =>
  a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** The first row below every widget. */
export const bottomOf = (items: readonly Placed[]) => items.reduce((m, i) => Math.max(m, i.layout.y + i.layout.h), 0);

/** Every widget as high as it fits, in the order of their rows (and columns), none overlapping. */
export function compact<T extends Placed>(items: readonly T[], fixed?: string): T[] {
  const order = [...items].sort(
    (a, b) => Number(b.id === fixed) - Number(a.id === fixed) || a.layout.y - b.layout.y || a.layout.x - b.layout.x,
  );
  const done: T[] = [];
  for (const item of order) {
    const l = { ...item.layout };
    if (item.id !== fixed) {
      while (l.y > 0 && !done.some((d) => overlaps({ ...l, y: l.y - 1 }, d.layout))) l.y--;
    }
    while (done.some((d) => overlaps(l, d.layout))) l.y++;
    done.push({ ...item, layout: l });
  }
  // Back in the caller's order: the widgets' order is what the API and the audit log compare.
  return items.map((i) => done.find((d) => d.id === i.id)!);
}

/** The layout after `id` moved (or was resized) to `to`: the rest make room and rise into what it left. */
export function placeWidget<T extends Placed>(items: readonly T[], id: string, to: WidgetLayout): T[] {
  const moved = items.map((i) => (i.id === id ? { ...i, layout: to } : i));
  const placed = compact(moved, id);
  // Then everything, the moved widget included, rises as far as it can.
  return compact(placed);
}
