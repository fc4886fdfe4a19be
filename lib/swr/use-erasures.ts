'use client';

import useSWR, { mutate } from 'swr';
import { api, fetcher } from './fetcher';
import type { ErasurePreview, ErasureView } from '@/lib/privacy/erasure-job';
import type { ErasureTarget } from '@/lib/privacy/erasure-match';

export type { ErasurePreview, ErasureView };
const ERASURES = '/api/v1/organization/erasures';

/** The organization's erasures, newest first. */
export function useErasures(enabled: boolean) {
  const { data, error, isLoading } = useSWR<ErasureView[]>(enabled ? ERASURES : null, fetcher);
  return { erasures: data, error, isLoading };
}

const finished = (e: ErasureView) => e.status === 'done' || e.status === 'failed';

/** One erasure, polled every second while it is queued or running. */
export function useErasure(id: string | null) {
  const { data, error } = useSWR<ErasureView>(id ? `${ERASURES}/${encodeURIComponent(id)}` : null, fetcher, {
    refreshInterval: (latest) => (latest && finished(latest) ? 0 : 1000),
    // The list of past erasures shows its outcome once it has one.
    onSuccess: (latest) => {
      if (finished(latest)) void mutate(ERASURES);
    },
  });
  return { erasure: data, error };
}

export function previewErasure(target: ErasureTarget) {
  return api<ErasurePreview>(`${ERASURES}/preview?${new URLSearchParams(target)}`);
}

export async function startErasure(target: ErasureTarget) {
  const started = await api<ErasureView>(ERASURES, { method: 'POST', body: target });
  await mutate(ERASURES);
  return started;
}
