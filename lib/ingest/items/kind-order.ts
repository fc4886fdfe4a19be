// The order kinds run in, from what each says of itself (#59): after the kinds it names in `after`; a kind whose
// failure fails the request (`failsRequest`) as early as that allows, since the SDK then resends the whole request and
// nothing stored before it may be stored twice; ties by name, so no list's order carries meaning. A cycle or a name
// no kind has is a programming error, thrown at start.
import type { AnyKind } from './kind';

export function runOrder(kinds: readonly AnyKind[]): AnyKind[] {
  const byName = new Map(kinds.map((k) => [k.name, k]));
  if (byName.size !== kinds.length) throw new Error('two kinds share a name');
  if (kinds.filter((k) => k.answers).length > 1) throw new Error('more than one kind answers the request');
  for (const k of kinds)
    for (const a of k.after ?? [])
      if (!byName.has(a)) throw new Error(`the ${k.name} kind runs after ${a}: no such kind`);
  const done = new Set<string>();
  const order: AnyKind[] = [];
  const waiting = [...kinds].sort(
    (a, b) => Number(!a.failsRequest) - Number(!b.failsRequest) || a.name.localeCompare(b.name),
  );
  while (waiting.length > 0) {
    const i = waiting.findIndex((k) => (k.after ?? []).every((a) => done.has(a)));
    if (i < 0) throw new Error(`kinds run after each other in a circle: ${waiting.map((k) => k.name).join(', ')}`);
    const [next] = waiting.splice(i, 1);
    order.push(next);
    done.add(next.name);
  }
  return order;
}
