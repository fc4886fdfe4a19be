// The default data-scrubbing rules: which keys hold secrets, and which values look like one wherever they
// appear. Pure functions, used by the one scrubber (./scrub-event.ts) on every item type at ingest.

export const FILTERED = '[Filtered]';

/**
 * Key fragments that mark a value as secret. A key matches when, lower-cased and stripped of everything but
 * letters and digits, it contains a fragment: `X-Api-Key`, `api_key` and `apiKey` all become `…apikey…`; unless
 * the key only measures it (`sessionSampleRate`, `password_length`: see keyMatches).
 */
export const DEFAULT_SENSITIVE_KEYS = [
  'password',
  'passwd',
  'pwd',
  'secret',
  'token',
  'apikey',
  'auth',
  'credential',
  'cookie',
  'session',
  'csrf',
  'xsrf',
  'privatekey',
  'accesskey',
  'signature',
] as const;

/** `X-Api-Key` → `xapikey`: lower case, letters and digits only. */
export function normaliseKey(key: string): string {
  return key.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/**
 * Last words that make a key name a number about something, not the thing: `sessionSampleRate` is a sample rate
 * (the replay SDK's configuration), `password_length` a length, `tokenCount` a count. A fragment in the words before
 * one of these does not make the key sensitive; one that reaches into it does (`sample_rate` as a project's field).
 */
const MEASURES: ReadonlySet<string> = new Set(['rate', 'ratio', 'percent', 'percentage', 'count', 'length']);

/** The words of a key as written: `sessionSampleRate` → session, sample, rate; `X-Session-Key` → x, session, key. */
function keyWords(key: string): string[] {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
}

/**
 * Whether `key` (any case and punctuation) contains one of the normalised `fragments`, and does not merely measure
 * it: a key whose last word is one of MEASURES matches only a fragment that reaches into that word.
 */
export function keyMatches(key: string, fragments: readonly string[]): boolean {
  if (fragments.length === 0) return false;
  const k = normaliseKey(key);
  if (k.length === 0) return false;
  let found = false;
  for (const f of fragments) if (f.length > 0 && k.includes(f)) found = true;
  if (!found) return false;
  const words = keyWords(key);
  if (words.length < 2 || !MEASURES.has(words[words.length - 1])) return true;
  const head = words.slice(0, -1).join('');
  for (const f of fragments) if (f.length > 0 && k.includes(f) && !head.includes(f)) return true;
  return false;
}

/** Whether `key` is one of the normalised safe field names (whole names, not fragments). */
export function keyIsSafe(key: string, safe: readonly string[]): boolean {
  return safe.length > 0 && safe.includes(normaliseKey(key));
}

/** A key's value is filtered when the key matches a sensitive fragment and is not a safe field. */
export function keyIsSensitive(key: string, sensitive: readonly string[], safe: readonly string[]): boolean {
  return keyMatches(key, sensitive) && !keyIsSafe(key, safe);
}

/** Luhn's check over a string of digits. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

// 13–19 digits, optionally grouped by single spaces or dashes, not glued to other digits, letters, dots or
// dashes (so UUIDs, version strings and decimals are never read as one). Card numbers start with 2–6
// (Mastercard 2-series, Amex/Diners/JCB 3, Visa 4, Mastercard/Maestro 5, Discover/UnionPay 6): an
// epoch-millisecond timestamp (1…) or a 12-digit order number never qualifies.
const CARD = /(?<![\w.-])[2-6](?:[ -]?\d){12,18}(?![\w-]|\.\d)/g;
const BEARER = /\b(Bearer\s+)[A-Za-z0-9\-._~+/]+=*/gi;
const PEM = /-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)/g;
const AWS_KEY = /\b(?:AKIA|ASIA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA|ABIA|ACCA)[A-Z0-9]{16}\b/g;
// scheme://user:password@host: the user stays, the password goes.
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^\s:/?#@]*):[^\s/?#@]+@/gi;
// name=value in a query string, form body or log line, for a sensitive name.
// Tried only where a name starts (a match from inside one would end where it does): descriptions of queries are long.
const PAIR = /(?<![A-Za-z0-9_.\-[\]])([A-Za-z0-9_.\-[\]]+)=([^&#\s;,"']+)/g;
// Whether PAIR can match at all: a name character right before an `=` (`"id" = $1` in SQL has none).
const NAME_THEN_EQUALS = /[A-Za-z0-9_.\-[\]]=/;
// "name": "value" in JSON text carried by a string (a logged request body).
const JSON_PAIR = /"([^"\\]{1,100})"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g;

// One cheap test per string decides whether any value rule can match at all.
const MAYBE = /\d{4}|bearer|PRIVATE KEY|A[A-Z]{3}[A-Z0-9]{16}|:\/\/[^\s/]*@|=|":/i;
// The same without the pairs' `=` and `":`, for text whose pairs are not read (source lines: code is full of `=`).
const MAYBE_VALUE = /\d{4}|bearer|PRIVATE KEY|A[A-Z]{3}[A-Z0-9]{16}|:\/\/[^\s/]*@/i;

function cardsFiltered(s: string): string {
  return s.replace(CARD, (m) => {
    const digits = m.replace(/[ -]/g, '');
    // Groups must be separated the same way throughout: "4111 1111-1111 1111" is not one number.
    if (/ /.test(m) && /-/.test(m)) return m;
    return digits.length >= 13 && digits.length <= 19 && luhnValid(digits) ? FILTERED : m;
  });
}

// A card number as a person types it, one keystroke at a time: a run from a first digit of 2–6 (as CARD's) in groups
// of four or more digits separated by single spaces or dashes, the last group perhaps shorter (still being typed),
// not glued to letters, digits, a decimal point or a leading dash (a UUID's last group). Checked for its length (12
// digits or more) only: a prefix has no Luhn digit yet.
const TYPED_CARD = /(?<![\w.-])[2-6]\d{3,}(?:[ -]\d{4,})*(?:[ -]\d{1,3})?(?![\w]|\.\d)/g;
const TYPED_CARD_MIN_DIGITS = 12;

/** `s` with every card-number-like run of 12 digits or more as typed (complete or a prefix) filtered. */
export function typedCardsFiltered(s: string): string {
  if (s.length < TYPED_CARD_MIN_DIGITS || !/\d{4}/.test(s)) return s;
  return s.replace(TYPED_CARD, (m) => (m.replace(/[ -]/g, '').length >= TYPED_CARD_MIN_DIGITS ? FILTERED : m));
}

/** What the scrubber applies: built once per project from its settings (lib/ingest/enrich/scrubbing/policy.ts). */
export type ScrubPolicy = {
  /** The default value rules (cards, tokens, keys, URL passwords) and DEFAULT_SENSITIVE_KEYS. */
  defaults: boolean;
  /** Normalised key fragments whose values are filtered (the defaults, when on, plus the project's own). */
  sensitive: readonly string[];
  /** Normalised whole key names never filtered. */
  safe: readonly string[];
  /** Drop `user.ip_address` and never derive it from the connection. */
  dropIp: boolean;
};

/**
 * A string with the value rules applied: with the defaults on, card numbers (Luhn), `Bearer …` tokens, PEM
 * private keys, AWS access keys and URL passwords; always, `name=value` and `"name": "value"` pairs whose name
 * is sensitive (`pairs: false` skips those, for source lines where `token==x` is code). Returns `s` itself
 * when nothing matched.
 */
export function scrubString(s: string, policy: ScrubPolicy, pairs = true): string {
  if (s.length < 4) return s;
  if (pairs ? !MAYBE.test(s) : !policy.defaults || !MAYBE_VALUE.test(s)) return s;
  let out = s;
  if (policy.defaults) {
    if (out.includes('PRIVATE KEY')) out = out.replace(PEM, FILTERED);
    if (/bearer/i.test(out)) out = out.replace(BEARER, `$1${FILTERED}`);
    if (out.includes('://')) out = out.replace(URL_PASSWORD, `$1:${FILTERED}@`);
    if (/A[A-Z]{3}[A-Z0-9]{16}/.test(out)) out = out.replace(AWS_KEY, FILTERED);
  }
  if (pairs && policy.sensitive.length > 0) {
    if (NAME_THEN_EQUALS.test(out)) {
      out = out.replace(PAIR, (m, name: string, value: string) =>
        value !== FILTERED && keyIsSensitive(name, policy.sensitive, policy.safe) ? `${name}=${FILTERED}` : m,
      );
    }
    if (out.includes('":')) {
      out = out.replace(JSON_PAIR, (m, name: string, colon: string) =>
        keyIsSensitive(name, policy.sensitive, policy.safe) ? `"${name}"${colon}"${FILTERED}"` : m,
      );
    }
  }
  if (policy.defaults && /\d{4}/.test(out)) out = cardsFiltered(out);
  return out;
}
