// What the one scrubber (./scrub-item.ts) reads of each item kind: the fields that hold free text and those that
// hold key/value maps, as paths into the item as its writer stores it (`a.b[].c` walks the array `b`).
// Identifiers are left as they are, as Relay leaves them (its `pii = "false"` fields): ids, release, environment,
// level, status, op, platform, monitor slugs and session ids are what the data is joined and grouped by, and a
// build number that happens to pass Luhn's check must not become "[Filtered]". Cron check-ins hold nothing else
// (slug, status, environment, schedule), so they have no entry.

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
};

/** The fields of a stack frame, under `prefix` (`exception.stacktrace.frames[]`). */
function frameFields(prefix: string): { text: string[]; code: string[] } {
  return {
    text: ['filename', 'abs_path', 'function', 'module'].map((f) => `${prefix}.${f}`),
    code: ['context_line', 'pre_context[]', 'post_context[]'].map((f) => `${prefix}.${f}`),
  };
}
const thrown = frameFields('exception.stacktrace.frames[]');
const causes = frameFields('exception.causes[].stacktrace.frames[]');

export const ITEM_FIELDS = {
  /** An error event in our envelope shape (lib/envelope/schemas.ts ErrorEnvelope), after validation. */
  error: {
    text: [
      'exception.type',
      'exception.value',
      'exception.module',
      'exception.mechanism.description',
      ...thrown.text,
      'exception.causes[].type',
      'exception.causes[].value',
      'exception.causes[].module',
      'exception.causes[].mechanism.description',
      ...causes.text,
      'logentry.message',
      'logentry.formatted',
      'breadcrumbs[].message',
      'fingerprint[]',
      'transaction',
      'server_name',
      'request.url',
      'request.query_string',
      'user.id',
      'user.email',
      'user.username',
    ],
    code: [...thrown.code, ...causes.code],
    map: ['logentry.params', 'breadcrumbs[].data', 'tags', 'request.headers', 'request.data', 'contexts', 'extra'],
    cookies: ['request.cookies'],
  },
  /** A transaction in our envelope shape (TransactionEnvelope): its name may be a URL with a token in it. */
  transaction: { text: ['name'] },
  /** A span row (lib/ingest/items/spans/parse-spans.ts SpanRow): `transaction` is its segment's name, scrubbed as that is. */
  span: { text: ['description', 'transaction'], map: ['data'] },
  /** A log row (lib/ingest/items/logs/parse-logs.ts LogRow). */
  log: { text: ['body', 'template'], map: ['attributes'] },
  /** User feedback (lib/ingest/items/feedback/parse-feedback.ts FeedbackItem): `contexts` holds the scope's contexts and tags. */
  feedback: { text: ['message', 'url', 'name', 'email'], map: ['contexts'] },
  /** An attachment's metadata; its bytes are stored as sent. */
  attachment: { text: ['filename', 'contentType'] },
  /** A session update or aggregate: its distinct id is the user's id (an email, a name), scrubbed as an event's is. */
  session: { text: ['did'] },
} as const satisfies Record<string, ItemFields>;

export type ScrubbedKind = keyof typeof ITEM_FIELDS;
