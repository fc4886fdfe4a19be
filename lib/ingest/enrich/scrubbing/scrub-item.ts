// The one scrubber (#43): every item kind declares which of its fields hold free text and which hold key/value
// maps (./item-fields.ts), and scrubItem applies the project's rules to exactly those fields. It runs when a kind
// stores (lib/ingest/items/kind.ts defineKind), so no writer scrubs field by field and none can forget a field.
import { FILTERED, keyIsSafe, keyIsSensitive, scrubString, type ScrubPolicy } from './rules';
import type { ItemFields } from './item-fields';

/**
 * A free-form value (headers, tags, extra, contexts, attributes, breadcrumb data): every key is checked against the
 * sensitive names (the value becomes "[Filtered]", the key stays), every string against the value rules.
 */
export function scrubTree(value: unknown, policy: ScrubPolicy): unknown {
  if (typeof value === 'string') return scrubString(value, policy);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = scrubTree(value[i], policy);
    return value;
  }
  const obj = value as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    const v = obj[key];
    if (v === null || v === undefined) continue;
    obj[key] = keyIsSensitive(key, policy.sensitive, policy.safe) ? FILTERED : scrubTree(v, policy);
  }
  return obj;
}

/** A cookie is a credential more often than not: with the defaults on, every value goes unless its name is safe. */
function scrubCookies(value: unknown, policy: ScrubPolicy): unknown {
  if (typeof value === 'string') return scrubString(value, policy);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return scrubTree(value, policy);
  const cookies = value as Record<string, unknown>;
  for (const name of Object.keys(cookies)) {
    const filtered =
      (policy.defaults && !keyIsSafe(name, policy.safe)) || keyIsSensitive(name, policy.sensitive, policy.safe);
    cookies[name] = filtered ? FILTERED : scrubTree(cookies[name], policy);
  }
  return cookies;
}

type Rule = keyof ItemFields;

const APPLY: Record<Rule, (v: unknown, policy: ScrubPolicy) => unknown> = {
  text: (v, policy) => (typeof v === 'string' ? scrubString(v, policy) : v),
  // Source lines: the value rules, not name=value pairs (`token==x` is code, not a secret).
  code: (v, policy) => (typeof v === 'string' ? scrubString(v, policy, false) : v),
  map: scrubTree,
  cookies: scrubCookies,
};

/** `a.b[].c` → [['a', false], ['b', true], ['c', false]]: a name and whether it holds an array to walk. */
type Step = readonly [name: string, many: boolean];
export function parseFieldPath(path: string): Step[] {
  return path.split('.').map((s) => (s.endsWith('[]') ? [s.slice(0, -2), true] : [s, false]));
}

function update(node: unknown, steps: readonly Step[], at: number, apply: (v: unknown) => unknown): void {
  if (typeof node !== 'object' || node === null) return;
  const [name, many] = steps[at];
  const rec = node as Record<string, unknown>;
  const v = rec[name];
  if (v === undefined || v === null) return;
  const last = at === steps.length - 1;
  if (!many) {
    if (last) rec[name] = apply(v);
    else update(v, steps, at + 1, apply);
    return;
  }
  if (!Array.isArray(v)) return;
  for (let i = 0; i < v.length; i++) {
    if (last) v[i] = apply(v[i]);
    else update(v[i], steps, at + 1, apply);
  }
}

type Compiled = { rule: Rule; steps: Step[] }[];
const compiled = new WeakMap<ItemFields, Compiled>();

function compile(fields: ItemFields): Compiled {
  let c = compiled.get(fields);
  if (!c) {
    c = (Object.keys(fields) as Rule[]).flatMap((rule) =>
      (fields[rule] ?? []).map((path) => ({ rule, steps: parseFieldPath(path) })),
    );
    compiled.set(fields, c);
  }
  return c;
}

/** `item` with the project's rules applied to every field `fields` names (in place; also returned). */
export function scrubItem<T extends object>(item: T, fields: ItemFields, policy: ScrubPolicy): T {
  for (const { rule, steps } of compile(fields)) update(item, steps, 0, (v) => APPLY[rule](v, policy));
  return item;
}
