import { z } from 'zod';

/** 2020-01-01T00:00:00Z: anything earlier is a timestamp in seconds or garbage. */
export const MIN_TIMESTAMP_MS = 1_577_836_800_000;
// 9999-12-31T23:59:59.999Z: later instants have no four-digit-year ISO form, which the database needs.
export const MAX_TIMESTAMP_MS = 253_402_300_799_999;

export const timestampMs = z
  .number()
  .min(MIN_TIMESTAMP_MS, { message: `Must be milliseconds since the Unix epoch, at least ${MIN_TIMESTAMP_MS}` })
  .max(MAX_TIMESTAMP_MS, { message: 'Timestamp out of range' });

const stringMap = z.record(z.string(), z.string());

const frameSchema = z.object({
  filename: z.string(),
  lineno: z.number().int().positive(),
  function: z.string().optional(),
  colno: z.number().int().optional(),
});

const breadcrumbSchema = z.object({
  type: z.string(),
  message: z.string().optional(),
  timestamp: z.number().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});

const nameVersion = z.object({ name: z.string().optional(), version: z.string().optional() });

export const errorEnvelopeSchema = z.object({
  exception: z.object({
    type: z.string(),
    value: z.string(),
    stacktrace: z.object({
      frames: z.array(frameSchema).min(1, { message: 'At least one frame is required' }),
    }),
  }),
  level: z.enum(['fatal', 'error', 'warning', 'info', 'debug']).default('error'),
  timestamp: timestampMs.optional(),
  environment: z.string().optional(),
  release: z.string().optional(),
  user: z.object({ id: z.string().optional(), email: z.string().optional() }).optional(),
  breadcrumbs: z.array(breadcrumbSchema).max(100, { message: 'At most 100 breadcrumbs' }).optional(),
  tags: stringMap.optional(),
  request: z.object({ url: z.string().optional(), method: z.string().optional(), headers: stringMap.optional() }).optional(),
  contexts: z.object({ browser: nameVersion.optional(), os: nameVersion.optional() }).optional(),
  event_id: z
    .string()
    .regex(/^[0-9a-f]{32}$/i, { message: 'Must be 32 hexadecimal characters' })
    .transform((s) => s.toLowerCase())
    .optional(),
  fingerprint: z.array(z.string()).min(1, { message: 'At least one part is required' }).optional(),
});

export const transactionEnvelopeSchema = z.object({
  type: z.literal('transaction'),
  name: z.string().min(1).max(200),
  duration: z.number().min(0),
  timestamp: timestampMs,
  status: z.string().default('ok'),
  vitals: z
    .object({
      lcp: z.number().min(0).optional(),
      cls: z.number().min(0).optional(),
      fcp: z.number().min(0).optional(),
      ttfb: z.number().min(0).optional(),
    })
    .optional(),
});

export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;
export type TransactionEnvelope = z.infer<typeof transactionEnvelopeSchema>;

/** A transaction envelope is discriminated by `type: "transaction"`; anything else is an error envelope. */
export function envelopeKind(body: unknown): 'error' | 'transaction' {
  const isTransaction = typeof body === 'object' && body !== null && !Array.isArray(body) && (body as { type?: unknown }).type === 'transaction';
  return isTransaction ? 'transaction' : 'error';
}
