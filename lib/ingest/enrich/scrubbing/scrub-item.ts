// The one scrubber (#43): every item kind declares which of its fields hold free text and which hold key/value
// maps (./item-fields.ts), and scrubItem applies the project's rules to exactly those fields. It runs when a kind
// stores (lib/ingest/items/kind.ts defineKind), so no writer scrubs field by field and none can forget a field.
import { FILTERED, keyIsSafe, keyIsSensitive, scrubString, type ScrubPolicy } from './rules';
import type { ItemFields } from './item-fields';
import { typedDigitsFiltered } from './recording';

/**
 * A free-form value (headers, tags, extra, contexts, attributes, breadcrumb data): every key is checked against the
 * sensitive names (the value becomes "[Filtered]", the key stays), every string against the value rules.
 */
export function scrubTree(value: unknown, policy: ScrubPolicy): unknown {
  return scrubTreeWith(value, policy, sensitiveKeys(policy));
}

// Whether a key is sensitive, remembered per policy: a map's keys repeat (a replay's rrweb tree has thousands of
// `type`, `id` and `attributes`), and normalising each one cost more than the rest of the walk.
const KEY_MEMO_MAX = 10_000;
const keyMemos = new WeakMap<ScrubPolicy, Map<string, boolean>>();

function sensitiveKeys(policy: ScrubPolicy): (key: string) => boolean {
  let memo = keyMemos.get(policy);
  if (!memo) keyMemos.set(policy, (memo = new Map()));
  const known = memo;
  return (key) => {
    let sensitive = known.get(key);
    if (sensitive === undefined) {
      sensitive = keyIsSensitive(key, policy.sensitive, policy.safe);
      if (known.size >= KEY_MEMO_MAX) known.clear();
      known.set(key, sensitive);
    }
    return sensitive;
  };
}

function scrubTreeWith(value: unknown, policy: ScrubPolicy, isSensitive: (key: string) => boolean): unknown {
  if (typeof value === 'string') return scrubString(value, policy);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = scrubTreeWith(value[i], policy, isSensitive);
    return value;
  }
  const obj = value as Record<string, unknown>;
  for (const key in obj) {
    const v = obj[key];
    if (v === null || v === undefined || typeof v === 'number' || typeof v === 'boolean') {
      if (v !== null && v !== undefined && isSensitive(key)) obj[key] = FILTERED;
      continue;
    }
    obj[key] = isSensitive(key) ? FILTERED : scrubTreeWith(v, policy, isSensitive);
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
  recordings: (v, policy) => {
    const out = scrubTree(v, policy);
    if (policy.defaults) typedDigitsFiltered(out);
    return out;
  },
};

/** `a.b[].c` → [['a', false], ['b', true], ['c', false]]: a name and whether it holds an array to walk. */
type Step = readonly [name: string, many: boolean];
export function parseFieldPath(path: string): Step[] {
  return path.split('.').map((s) => (s.endsWith('[]') ? [s.slice(0, -2), true] : [s, false]));
}

/** The declaration as a tree, so a shared prefix (`exception.stacktrace.frames[]`) is walked once per item. */
type Node = { name: string; many: boolean; rules: Rule[]; children: Node[] };

function childOf(parent: Node, name: string, many: boolean): Node {
  let child = parent.children.find((c) => c.name === name && c.many === many);
  if (!child) parent.children.push((child = { name, many, rules: [], children: [] }));
  return child;
}

const compiled = new WeakMap<ItemFields, Node>();

function compile(fields: ItemFields): Node {
  let root = compiled.get(fields);
  if (!root) {
    root = { name: '', many: false, rules: [], children: [] };
    for (const rule of Object.keys(fields) as Rule[]) {
      for (const path of fields[rule] ?? []) {
        let node = root;
        for (const [name, many] of parseFieldPath(path)) node = childOf(node, name, many);
        node.rules.push(rule);
      }
    }
    compiled.set(fields, root);
  }
  return root;
}

function applied(rules: Rule[], v: unknown, policy: ScrubPolicy): unknown {
  for (const rule of rules) v = APPLY[rule](v, policy);
  return v;
}

function walk(rec: Record<string, unknown>, node: Node, policy: ScrubPolicy): void {
  for (const child of node.children) {
    const v = rec[child.name];
    if (v === undefined || v === null) continue;
    if (!child.many) {
      const out = child.rules.length > 0 ? applied(child.rules, v, policy) : v;
      if (out !== v) rec[child.name] = out;
      if (child.children.length > 0 && typeof out === 'object' && out !== null)
        walk(out as Record<string, unknown>, child, policy);
      continue;
    }
    if (!Array.isArray(v)) continue;
    for (let i = 0; i < v.length; i++) {
      if (child.rules.length > 0) v[i] = applied(child.rules, v[i], policy);
      const e = v[i];
      if (child.children.length > 0 && typeof e === 'object' && e !== null)
        walk(e as Record<string, unknown>, child, policy);
    }
  }
}

/** `item` with the project's rules applied to every field `fields` names (in place; also returned). */
export function scrubItem<T extends object>(item: T, fields: ItemFields, policy: ScrubPolicy): T {
  walk(item as Record<string, unknown>, compile(fields), policy);
  return item;
}
