import { z } from 'zod';
import { issuesFromZod, type FieldIssue } from '@/lib/errors';
import { fastErrorEnvelope } from './fast-error-envelope';
import { storableEnvelope } from './prepare-json';
import type { SecurityReport } from './security/read-reports';
import {
  envelopeKind,
  errorEnvelopeSchema,
  transactionEnvelopeSchema,
  type ErrorEnvelope,
  type TransactionEnvelope,
} from './schemas';

export type Path = (string | number)[];

/**
 * One validated item, ready to store. `grouping` says which default fingerprint applies: the contract's for
 * our native envelope, Sentry's (in-app frames, messages without a stack) for events from Sentry SDKs.
 */
export type ErrorUnit = {
  kind: 'error';
  path: Path;
  envelope: ErrorEnvelope;
  grouping: 'native' | 'sentry';
  stackless: boolean;
  /** A message rather than an exception (Sentry's captureMessage, with or without a stack): titled and grouped by its message. */
  message: boolean;
  /** The browser security report the event was read from (./security): stored beside it, counted as `security`. */
  security?: SecurityReport;
};
export type TransactionUnit = {
  kind: 'transaction';
  path: Path;
  envelope: TransactionEnvelope;
  /** The segment span it was made of (`<trace id>:<span id>`), when one is known (OTLP): its spans follow its fate. */
  segment?: string;
};
export type IngestUnit = ErrorUnit | TransactionUnit;

export type ValidatedUnit = { ok: true; unit: IngestUnit } | { ok: false; issues: FieldIssue[] };

type Options = {
  /** Where the item sits in the request, prefixed to every reported path. */
  path?: Path;
  /** Whether the JSON text held \u escapes (which may decode to unstorable characters). */
  hadEscapes: boolean;
  /**
   * The value nests no deeper than a payload that passed tooDeepKey (lib/envelope/prepare-json.ts): a Sentry error
   * event's mapping keeps what it takes from the payload at the same depth or shallower, so its depth is not walked again.
   */
  depthChecked?: boolean;
  grouping?: 'native' | 'sentry';
  stackless?: boolean;
  message?: boolean;
};

const prefixed = (path: Path, issues: FieldIssue[]) =>
  path.length === 0 ? issues : issues.map((i) => ({ path: [...path, ...i.path], message: i.message }));

function parse<S extends z.ZodType>(
  schema: S,
  json: unknown,
  path: Path,
  hadEscapes: boolean,
  depthChecked = false,
): { ok: true; value: z.infer<S> } | { ok: false; issues: FieldIssue[] } {
  // An error envelope of the usual shape is read by hand (the same result); zod decides everything else.
  let value = ((schema as z.ZodType) === errorEnvelopeSchema ? fastErrorEnvelope(json) : null) as z.infer<S> | null;
  if (value === null) {
    const parsed = schema.safeParse(json);
    if (!parsed.success) return { ok: false, issues: prefixed(path, issuesFromZod(parsed.error)) };
    value = parsed.data;
  }
  const storable = storableEnvelope(value, hadEscapes, depthChecked);
  if (!storable.ok) return { ok: false, issues: prefixed(path, [storable.issue]) };
  return { ok: true, value: storable.value };
}

/** The one validation of an envelope of our format (native, or mapped from a Sentry item). */
export function validateUnit(json: unknown, opts: Options): ValidatedUnit {
  const path = opts.path ?? [];
  if (envelopeKind(json) === 'transaction') {
    const tx = parse(transactionEnvelopeSchema, json, path, opts.hadEscapes);
    return tx.ok ? { ok: true, unit: { kind: 'transaction', path, envelope: tx.value } } : tx;
  }
  const ev = parse(errorEnvelopeSchema, json, path, opts.hadEscapes, opts.depthChecked);
  if (!ev.ok) return ev;
  return {
    ok: true,
    unit: {
      kind: 'error',
      path,
      envelope: ev.value,
      grouping: opts.grouping ?? 'native',
      stackless: opts.stackless ?? false,
      message: opts.message ?? opts.stackless ?? false,
    },
  };
}
