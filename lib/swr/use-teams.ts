'use client';

import useSWR, { mutate } from 'swr';
import type { SerializedTeam } from '@/lib/teams/serialize-team';
import { api, fetcher } from './fetcher';

export type Team = SerializedTeam;

const TEAMS = '/api/v1/organization/teams';
const teamPath = (id: string) => `${TEAMS}/${encodeURIComponent(id)}`;

export function useTeams() {
  const { data, error, isLoading } = useSWR<Team[]>(TEAMS, fetcher);
  return { teams: data, error, isLoading };
}

export async function createTeam(name: string) {
  const team = await api<Team>(TEAMS, { method: 'POST', body: { name } });
  await mutate(TEAMS);
  return team;
}

export async function renameTeam(id: string, name: string) {
  await api(teamPath(id), { method: 'PATCH', body: { name } });
  await mutate(TEAMS);
}

export async function deleteTeam(id: string) {
  await api(teamPath(id), { method: 'DELETE' });
  await mutate(TEAMS);
}

export async function setTeamMember(id: string, userId: string, member: boolean) {
  await api(`${teamPath(id)}/members/${encodeURIComponent(userId)}`, { method: member ? 'PUT' : 'DELETE' });
  await mutate(TEAMS);
}

export async function setTeamProject(id: string, projectId: string, has: boolean) {
  await api(`${teamPath(id)}/projects/${encodeURIComponent(projectId)}`, { method: has ? 'PUT' : 'DELETE' });
  await mutate(TEAMS);
}
