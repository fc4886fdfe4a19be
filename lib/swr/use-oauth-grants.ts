'use client';

import useSWR, { mutate } from 'swr';
import { api, fetcher } from './fetcher';
import type { OAuthGrantView } from '@/lib/oauth/grants';

export type OAuthGrant = OAuthGrantView;
const GRANTS = '/api/v1/account/oauth-grants';

/** The MCP clients the person connected with OAuth (#63). */
export function useOAuthGrants() {
  const { data, error, isLoading } = useSWR<OAuthGrant[]>(GRANTS, fetcher);
  return { grants: data, error, isLoading };
}

export async function revokeOAuthGrant(id: string) {
  await api(`${GRANTS}/${encodeURIComponent(id)}`, { method: 'DELETE' });
  await mutate(GRANTS);
}
