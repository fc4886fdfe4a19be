'use client';

import useSWR, { mutate } from 'swr';
import type { MemberSummary } from '@/lib/orgs/list-members';
import type { serializeInvite } from '@/lib/invites/serialize';
import type { Role } from '@/lib/orgs/roles';
import { api, fetcher } from './fetcher';

export type Member = MemberSummary;
export type PendingInvite = ReturnType<typeof serializeInvite>;
export type CreatedInvite = PendingInvite & { url: string; emailed: boolean };

const MEMBERS = '/api/v1/organization/members';
const INVITES = '/api/v1/organization/invites';

export function useMembers() {
  const { data, error, isLoading } = useSWR<Member[]>(MEMBERS, fetcher);
  return { members: data, error, isLoading };
}

export function useInvites() {
  const { data, error, isLoading } = useSWR<PendingInvite[]>(INVITES, fetcher);
  return { invites: data, error, isLoading };
}

export async function createInvite(email: string, role: Role) {
  const invite = await api<CreatedInvite>(INVITES, { method: 'POST', body: { email, role } });
  await mutate(INVITES);
  return invite;
}

export async function revokeInvite(id: string) {
  await api(`${INVITES}/${encodeURIComponent(id)}`, { method: 'DELETE' });
  await mutate(INVITES);
}

export async function changeMemberRole(userId: string, role: Role) {
  await api(`${MEMBERS}/${encodeURIComponent(userId)}`, { method: 'PATCH', body: { role } });
  await Promise.all([mutate(MEMBERS), mutate('/api/v1/auth/me')]);
}

export async function removeMember(userId: string) {
  await api(`${MEMBERS}/${encodeURIComponent(userId)}`, { method: 'DELETE' });
  await mutate(MEMBERS);
}

export async function leaveOrganization() {
  await api('/api/v1/organization/leave', { method: 'POST' });
}

export async function switchOrganization(orgId: string) {
  await api('/api/v1/auth/switch-organization', { method: 'POST', body: { orgId } });
}
