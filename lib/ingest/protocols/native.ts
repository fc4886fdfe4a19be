import type { Envelope } from '@/lib/http/envelope';
import { reserveIngestTokens } from '@/lib/ingest/admit/rate-limit';
import { decodeBody, MAX_BODY_BYTES, SUPPORTED_ENCODINGS } from '@/lib/envelope/decode-body';
import { ingestKeyFrom, keyShape, resolveIngestKey } from '@/lib/ingest/admit/resolve-key';
import { validateUnit } from '@/lib/envelope/validate-envelope';
import { events, type IngestOutcome } from '@/lib/ingest/items/events';
import { batchOf, storeItems } from '@/lib/ingest/items/store-items';
import { validationReason } from '@/lib/outcomes/categories';
import { recordOutcome } from '@/lib/outcomes/record-outcome';
import { envelopeKind } from '@/lib/envelope/schemas';
import { logger } from '@/lib/log';
import { answer, failedAnswer, INGEST_MESSAGES, invalid, preflight } from './answer';

export { INGEST_MESSAGES } from './answer';

export type IngestRequest = {
  projectId: string;
  method: string;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  searchParams: URLSearchParams;
  body: Buffer;
  /** The sender's address (TRUSTED_PROXIES applied), for `user.ip_address: "{{auto}}"`. */
  clientAddress?: string;
};

export type IngestResponse = { status: number; body: Envelope | null; headers: Record<string, string> };

const PREFLIGHT = preflight('Content-Type, X-Ingest-Auth');

/**
 * The native ingest endpoint without any HTTP framework: plain request data in, status, envelope and headers
 * out. The domain work is storeItems (the events kind); this maps its outcome to the wire (nativeAnswer).
 * Checks run in the contract's order: key (401) → rate limit (429) → validation (400) → quota (429) → store → 200.
 */
export async function handleIngest(req: IngestRequest): Promise<IngestResponse> {
  try {
    return await ingest(req);
  } catch (err) {
    logger.error({ err }, 'ingest failed');
    return failedAnswer(err);
  }
}

async function ingest(req: IngestRequest): Promise<IngestResponse> {
  if (req.method === 'OPTIONS') return { status: 204, body: null, headers: { ...PREFLIGHT } };
  if (req.method !== 'POST') return answer(405, 'Method not allowed', { headers: { allow: 'POST, OPTIONS' } });
  if (req.body.length > MAX_BODY_BYTES) return answer(413, INGEST_MESSAGES.tooLarge);

  const publicKey = ingestKeyFrom(req.headers['x-ingest-auth'], req.searchParams.get('ingest_key'));
  if (!publicKey) return answer(401, INGEST_MESSAGES.missingKey);
  const key = await resolveIngestKey(publicKey, req.projectId);
  if (!key) return answer(401, INGEST_MESSAGES.invalidKey);

  if (!(await reserveIngestTokens(key.publicKey, 1, keyShape(key)))) {
    // Refused before the body is read: what it held is not known.
    recordOutcome({ projectId: key.projectId, category: 'unknown', outcome: 'rate_limited', reason: 'key_rate_limit' });
    return answer(429, INGEST_MESSAGES.rateLimited, { headers: { 'retry-after': '1' } });
  }

  const refused = (reason: string, res: IngestResponse, category: 'error' | 'transaction' | 'unknown' = 'unknown') => {
    recordOutcome({ projectId: key.projectId, category, outcome: 'invalid', reason });
    return res;
  };
  const decoded = await decodeBody(req.body, req.headers['content-encoding']);
  if (!decoded.ok) {
    if (decoded.reason === 'too_large') return refused('too_large', answer(413, INGEST_MESSAGES.tooLarge));
    if (decoded.reason === 'unsupported_encoding')
      return refused('unsupported_encoding', answer(415, `Unsupported Content-Encoding (use ${SUPPORTED_ENCODINGS})`));
    return refused('invalid_compression', invalid([{ path: [], message: 'Body is not valid compressed data' }]));
  }
  const text = decoded.body.toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return refused('invalid_json', invalid([{ path: [], message: 'Malformed JSON body' }]));
  }
  const validated = validateUnit(json, { hadEscapes: text.includes('\\u') });
  if (!validated.ok)
    return refused(validationReason(validated.issues[0]?.path ?? []), invalid(validated.issues), envelopeKind(json));
  const { outcome } = await storeItems(key, batchOf(events, [validated.unit]), { clientAddress: req.clientAddress });
  return nativeAnswer(outcome);
}

/** The native endpoint's wire answer for each domain outcome (both HTTP adapters serve this). */
export function nativeAnswer(outcome: IngestOutcome): IngestResponse {
  switch (outcome.kind) {
    case 'stored':
    case 'duplicate':
      return answer(200, INGEST_MESSAGES.ok);
    case 'invalid':
      return invalid(outcome.issues);
    case 'rate_limited':
      return answer(429, INGEST_MESSAGES.rateLimited, { headers: { 'retry-after': '1' } });
    case 'quota_exceeded':
      return answer(429, INGEST_MESSAGES.quota);
    case 'unauthorized':
      return answer(401, INGEST_MESSAGES.invalidKey);
  }
}
