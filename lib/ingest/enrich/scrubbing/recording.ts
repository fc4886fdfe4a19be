// What a person typed or read in a session replay (#58), scrubbed as it was typed. With the SDK's masking off, rrweb
// records each keystroke of a field as its own input event, and the page's text as it changes: a card number arrives
// as "4", "41", … "4111 1111 1111 111" before its last (Luhn) digit, so the value rules (which want a whole,
// Luhn-valid number) would keep every prefix. Here every string a person typed or reads (text nodes, input values,
// input events, text and value mutations) loses each card-number-like run of 12 digits or more, in every segment,
// whatever its check digit. Everything else in the recording is scrubbed as any key/value tree (./scrub-item.ts).
import { RRWEB, RRWEB_NODE } from '@/lib/envelope/rrweb';
import { typedCardsFiltered } from './rules';

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `holder[key]` with the typed-card rule applied, when it is a string. */
function filter(holder: Obj, key: string): void {
  const v = holder[key];
  if (typeof v === 'string') {
    const out = typedCardsFiltered(v);
    if (out !== v) holder[key] = out;
  }
}

/** A serialized DOM tree (a full snapshot's, or a node a mutation adds): text nodes and elements' values. */
function filterTree(root: unknown): void {
  // An explicit stack: a hostile tree may nest as deep as the recording's cap allows.
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop();
    if (!isObj(n)) continue;
    if (n.type === RRWEB_NODE.text) filter(n, 'textContent');
    else if (n.type === RRWEB_NODE.element && isObj(n.attributes)) filter(n.attributes, 'value');
    if (Array.isArray(n.childNodes)) for (const c of n.childNodes) stack.push(c);
  }
}

/** The recording's rrweb events (in place) with every card-number-like run typed or shown filtered. */
export function typedDigitsFiltered(events: unknown): void {
  if (!Array.isArray(events)) return;
  for (const e of events) {
    if (!isObj(e) || !isObj(e.data)) continue;
    const data = e.data;
    if (e.type === RRWEB.fullSnapshot) filterTree(data.node);
    if (e.type !== RRWEB.incrementalSnapshot) continue;
    if (data.source === RRWEB.input) filter(data, 'text');
    else if (data.source === RRWEB.mutation) {
      if (Array.isArray(data.texts)) for (const t of data.texts) if (isObj(t)) filter(t, 'value');
      if (Array.isArray(data.attributes))
        for (const a of data.attributes) if (isObj(a) && isObj(a.attributes)) filter(a.attributes, 'value');
      if (Array.isArray(data.adds)) for (const add of data.adds) if (isObj(add)) filterTree(add.node);
    }
  }
}
