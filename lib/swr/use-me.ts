'use client';

import useSWR from 'swr';
import type { serializeUser } from '@/lib/auth/serialize-user';
import { fetcher } from './fetcher';

export type Me = ReturnType<typeof serializeUser> & {
  organization: { id: string; name: string; slug: string; plan: 'FREE' | 'PRO' } | null;
};

export function useMe() {
  const { data, error, isLoading } = useSWR<Me>('/api/v1/auth/me', fetcher);
  return { me: data, error, isLoading };
}
