import { z } from 'zod';

// Webhook payloads are trusted only after the signature check, and still parsed: the plan change
// is made from these fields alone.
const stripeRef = z
  .union([z.string(), z.object({ id: z.string() })])
  .nullish()
  .transform((v) => (v == null ? null : typeof v === 'string' ? v : v.id));
const metadata = z
  .record(z.string(), z.string())
  .nullish()
  .transform((m) => m ?? {});

export const stripeEventEnvelope = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

export const checkoutSessionPayload = z.object({
  id: z.string(),
  client_reference_id: z.string().nullish(),
  metadata,
  payment_status: z.string(),
  customer: stripeRef,
  subscription: stripeRef,
});

export const subscriptionPayload = z.object({
  id: z.string(),
  customer: stripeRef,
  metadata,
});

export const billingSummarySchema = z.object({
  plan: z.enum(['FREE', 'PRO']),
  configured: z.boolean(),
  hasCustomer: z.boolean(),
  limits: z.object({ monthlyEvents: z.number().int(), projects: z.number().int().nullable() }),
  /** PLAN_LIMITS=off: a self-hosted instance without plan limits. */
  unlimited: z.boolean(),
});

export const billingUrlSchema = z.object({ url: z.string().url() });

export type CheckoutSessionPayload = z.infer<typeof checkoutSessionPayload>;
export type SubscriptionPayload = z.infer<typeof subscriptionPayload>;
export type BillingSummary = z.infer<typeof billingSummarySchema>;
