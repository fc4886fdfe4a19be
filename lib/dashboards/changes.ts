// What an edit changed of a dashboard's widgets (#61), for the audit log: the titles added and removed, and per
// widget kept whether it moved (or was resized) or its query, display or title changed.
import type { Prisma } from '@/lib/generated/prisma/client';
import type { Widget } from '@/lib/zod/dashboards';

/** JSON with every object's keys in order: a stored jsonb value comes back with its keys reordered. */
const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, x]) => [k, canonical(x)]),
        )
      : v;
export const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

export function widgetChanges(before: Widget[], after: Widget[]): Prisma.InputJsonObject {
  const was = new Map(before.map((w) => [w.id, w]));
  const now = new Map(after.map((w) => [w.id, w]));
  const added = after.filter((w) => !was.has(w.id)).map((w) => w.title);
  const removed = before.filter((w) => !now.has(w.id)).map((w) => w.title);
  const moved: Prisma.InputJsonObject[] = [];
  const edited: string[] = [];
  for (const w of after) {
    const b = was.get(w.id);
    if (!b) continue;
    if (!same(b.layout, w.layout)) moved.push({ widget: w.title, from: b.layout, to: w.layout });
    const { layout: _l, ...rest } = w;
    const { layout: _b, ...restBefore } = b;
    if (!same(rest, restBefore)) edited.push(w.title);
  }
  return {
    ...(added.length ? { widgetsAdded: added } : {}),
    ...(removed.length ? { widgetsRemoved: removed } : {}),
    ...(moved.length ? { widgetsMoved: moved } : {}),
    ...(edited.length ? { widgetsEdited: edited } : {}),
  };
}
