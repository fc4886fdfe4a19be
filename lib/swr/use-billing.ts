'use client';

import useSWR, { type SWRConfiguration } from 'swr';
import type { BillingSummary } from '@/lib/zod/billing';
import { api, fetcher, type ApiError } from './fetcher';

const KEY = '/api/v1/billing';

/** Plan, limits and whether Stripe is configured; polled while waiting for a checkout to land. */
export function useBilling(opts: { refreshInterval?: SWRConfiguration<BillingSummary>['refreshInterval'] } = {}) {
  return useSWR<BillingSummary, ApiError>(KEY, fetcher, { refreshInterval: opts.refreshInterval });
}

/** Starts Stripe Checkout or the billing portal and leaves the page for it. */
export async function redirectToBilling(kind: 'checkout' | 'portal'): Promise<void> {
  const { url } = await api<{ url: string }>(`${KEY}/${kind}`, { method: 'POST' });
  window.location.assign(url);
}
