'use client';

import useSWR from 'swr';
import type { serializeUser } from '@/lib/auth/serialize-user';
import { roleAtLeast, type Role } from '@/lib/orgs/roles';
import { fetcher } from './fetcher';

export type OrganizationSummary = { id: string; name: string; slug: string; plan: 'FREE' | 'PRO' };

export type Me = ReturnType<typeof serializeUser> & {
  organization: OrganizationSummary | null;
  organizations: (OrganizationSummary & { role: Role })[];
};

export function useMe() {
  const { data, error, isLoading } = useSWR<Me>('/api/v1/auth/me', fetcher);
  return { me: data, error, isLoading };
}

/** The caller's role in the active organization, and whether it reaches `min` (false while loading: controls stay off until known). */
export function useRole() {
  const { me } = useMe();
  const role = me?.organizations.find((o) => o.id === me.organization?.id)?.role;
  return { role, can: (min: Role) => (role ? roleAtLeast(role, min) : false), userId: me?.id };
}
