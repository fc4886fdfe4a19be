// How an item kind tells the one scrubber (./scrub-item.ts) what to read: the fields that hold free text, source
// lines, key/value maps and cookies, as paths into the row its writer stores (`a.b[].c` walks the array `b`). Each
// kind declares its own beside its parser (lib/ingest/items/<kind>/index.ts). Identifiers are left as they are, as
// Relay leaves them (its `pii = "false"` fields): ids, release, environment, level, status, op, platform, monitor
// slugs and session ids are what the data is joined and grouped by, and a build number that happens to pass Luhn's
// check must not become "[Filtered]".

/** How each field is scrubbed. */
export type ItemFields = {
  /** Free text: the value rules (cards, tokens, keys, URL passwords) and sensitive `name=value` pairs. */
  text?: readonly string[];
  /** Source lines: the value rules only (`token==x` is code, not a secret). */
  code?: readonly string[];
  /** Key/value maps, any depth: a sensitive key's value is filtered, every string gets the value rules. */
  map?: readonly string[];
  /** Cookie maps: with the default rules on, every value is filtered unless its name is a safe field. */
  cookies?: readonly string[];
  /**
   * rrweb recordings (session replays): a key/value tree as `map`, and the text a person typed or read there (text
   * nodes, input values, each keystroke's input event) also loses every card-number-like run of 12 digits or more
   * as typed, Luhn's check or not (./recording.ts).
   */
  recordings?: readonly string[];
};

/** The same declaration for a row that holds the declared one under `prefix` (`envelope`). */
export function fieldsUnder(prefix: string, fields: ItemFields): ItemFields {
  const under = (paths: readonly string[] | undefined) => paths?.map((p) => `${prefix}.${p}`);
  return {
    text: under(fields.text),
    code: under(fields.code),
    map: under(fields.map),
    cookies: under(fields.cookies),
    recordings: under(fields.recordings),
  };
}

/** Two declarations as one (a row shaped like either). */
export function mergeFields(a: ItemFields, b: ItemFields): ItemFields {
  const both = (x?: readonly string[], y?: readonly string[]) => [...(x ?? []), ...(y ?? [])];
  return {
    text: both(a.text, b.text),
    code: both(a.code, b.code),
    map: both(a.map, b.map),
    cookies: both(a.cookies, b.cookies),
    recordings: both(a.recordings, b.recordings),
  };
}
