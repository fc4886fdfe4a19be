// The one scrubber every ingest path passes through (lib/ingest/ingest-units.ts), after validation and before
// grouping, storage, alerts or logs. It works on our envelope shapes, in place.
import { isIP } from 'node:net';
import type { ErrorEnvelope, Frame, TransactionEnvelope } from '@/lib/ingest/schemas';
import { FILTERED, keyIsSafe, keyIsSensitive, scrubString, type ScrubPolicy } from './rules';

/** The placeholder SDKs send for "use the connection's address" (`sendDefaultPii`). */
export const AUTO_IP = '{{auto}}';

type Json = unknown;

/**
 * A free-form value (headers, tags, extra, contexts, breadcrumb data): every key is checked against the
 * sensitive names (the value becomes "[Filtered]", the key stays), every string against the value rules.
 */
export function scrubTree(value: Json, policy: ScrubPolicy): Json {
  if (typeof value === 'string') return scrubString(value, policy);
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = scrubTree(value[i], policy);
    return value;
  }
  const obj = value as Record<string, Json>;
  for (const key of Object.keys(obj)) {
    const v = obj[key];
    if (v === null || v === undefined) continue;
    obj[key] = keyIsSensitive(key, policy.sensitive, policy.safe) ? FILTERED : scrubTree(v, policy);
  }
  return obj;
}

const text = <T extends string | undefined>(s: T, policy: ScrubPolicy): T => (typeof s === 'string' ? (scrubString(s, policy) as T) : s);
const lines = (l: string[] | undefined, policy: ScrubPolicy) => l?.map((s) => scrubString(s, policy, false));

function scrubFrames(frames: Frame[], policy: ScrubPolicy): void {
  for (const f of frames) {
    f.filename = text(f.filename, policy);
    f.abs_path = text(f.abs_path, policy);
    f.function = text(f.function, policy);
    // Source lines: the value rules, not name=value pairs (`token==x` is code, not a secret).
    if (f.context_line !== undefined) f.context_line = scrubString(f.context_line, policy, false);
    f.pre_context = lines(f.pre_context, policy);
    f.post_context = lines(f.post_context, policy);
  }
}

/** An error envelope with secrets filtered and the IP address decided (in place; also returned). */
export function scrubErrorEnvelope(env: ErrorEnvelope, policy: ScrubPolicy, clientAddress: string | undefined): ErrorEnvelope {
  const exc = env.exception;
  exc.type = text(exc.type, policy);
  exc.value = text(exc.value, policy);
  scrubFrames(exc.stacktrace.frames, policy);
  if (exc.mechanism) exc.mechanism.description = text(exc.mechanism.description, policy);
  for (const c of exc.causes ?? []) {
    c.type = text(c.type, policy);
    c.value = text(c.value, policy);
    if (c.stacktrace) scrubFrames(c.stacktrace.frames, policy);
    if (c.mechanism) c.mechanism.description = text(c.mechanism.description, policy);
  }
  if (env.logentry) {
    env.logentry.message = text(env.logentry.message, policy);
    env.logentry.formatted = text(env.logentry.formatted, policy);
    if (env.logentry.params) scrubTree(env.logentry.params, policy);
  }
  for (const b of env.breadcrumbs ?? []) {
    b.message = text(b.message, policy);
    if (b.data) scrubTree(b.data, policy);
  }
  if (env.tags) scrubTree(env.tags, policy);
  if (env.request) scrubRequest(env.request, policy);
  if (env.contexts) scrubTree(env.contexts, policy);
  if (env.extra) scrubTree(env.extra, policy);
  if (env.fingerprint) env.fingerprint = env.fingerprint.map((p) => scrubString(p, policy));
  env.transaction = text(env.transaction, policy);
  env.server_name = text(env.server_name, policy);
  if (env.user) scrubUser(env.user, policy, clientAddress);
  return env;
}

function scrubRequest(req: NonNullable<ErrorEnvelope['request']>, policy: ScrubPolicy): void {
  req.url = text(req.url, policy);
  req.query_string = text(req.query_string, policy);
  if (req.headers) scrubTree(req.headers, policy);
  if (req.cookies) {
    // A cookie is a credential more often than not: with the defaults on, every value goes.
    for (const name of Object.keys(req.cookies)) {
      const filtered = (policy.defaults && !keyIsSafe(name, policy.safe)) || keyIsSensitive(name, policy.sensitive, policy.safe);
      req.cookies[name] = filtered ? FILTERED : scrubString(req.cookies[name], policy);
    }
  }
  if (req.data !== undefined) req.data = scrubTree(req.data, policy);
}

function scrubUser(user: NonNullable<ErrorEnvelope['user']>, policy: ScrubPolicy, clientAddress: string | undefined): void {
  user.id = text(user.id, policy);
  user.email = text(user.email, policy);
  user.username = text(user.username, policy);
  if (policy.dropIp) delete user.ip_address;
  else if (user.ip_address === AUTO_IP) {
    if (clientAddress && isIP(clientAddress)) user.ip_address = clientAddress;
    else delete user.ip_address;
  }
}

/** A transaction envelope with secrets filtered from its name (a URL with a token in its query). */
export function scrubTransactionEnvelope(t: TransactionEnvelope, policy: ScrubPolicy): TransactionEnvelope {
  t.name = scrubString(t.name, policy);
  return t;
}
