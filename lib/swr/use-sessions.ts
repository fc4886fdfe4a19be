'use client';

import useSWR, { mutate } from 'swr';
import { api, fetcher } from './fetcher';
import type { SignedInSession } from '@/lib/auth/list-sessions';
import type { ChangePasswordInput } from '@/lib/zod/account';

export type { SignedInSession };
const SESSIONS = '/api/v1/auth/sessions';

export function useSessions() {
  const { data, error, isLoading } = useSWR<SignedInSession[]>(SESSIONS, fetcher);
  return { sessions: data, error, isLoading };
}

export async function revokeSession(id: string) {
  await api(`${SESSIONS}/${encodeURIComponent(id)}`, { method: 'DELETE' });
  await mutate(SESSIONS);
}

/** Ends every session but this one. */
export async function revokeOtherSessions(): Promise<number> {
  const { revoked } = await api<{ revoked: number }>(SESSIONS, { method: 'DELETE' });
  await mutate(SESSIONS);
  return revoked;
}

export async function changePassword(input: ChangePasswordInput): Promise<number> {
  const { sessionsRevoked } = await api<{ sessionsRevoked: number }>('/api/v1/auth/password', {
    method: 'PUT',
    body: input,
  });
  await mutate(SESSIONS);
  return sessionsRevoked;
}
