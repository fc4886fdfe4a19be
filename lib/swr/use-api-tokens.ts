'use client';

import useSWR, { mutate } from 'swr';
import { api, fetcher } from './fetcher';
import type { serializeApiToken } from '@/lib/api-tokens/serialize-api-token';
import type { TokenScope } from '@/lib/api-tokens/scopes';

export type ApiToken = ReturnType<typeof serializeApiToken>;
const TOKENS = '/api/v1/organization/tokens';

export function useApiTokens(enabled: boolean) {
  const { data, error, isLoading } = useSWR<ApiToken[]>(enabled ? TOKENS : null, fetcher);
  return { tokens: data, error, isLoading };
}

export async function createApiToken(name: string, scopes: TokenScope[]) {
  const created = await api<ApiToken & { token: string }>(TOKENS, { method: 'POST', body: { name, scopes } });
  await mutate(TOKENS);
  return created;
}

export async function revokeApiToken(id: string) {
  await api(`${TOKENS}/${encodeURIComponent(id)}`, { method: 'DELETE' });
  await mutate(TOKENS);
}
