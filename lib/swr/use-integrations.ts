'use client';

import useSWR, { mutate } from 'swr';
import type { serializeIntegration, serializeProviders } from '@/lib/integrations/serialize';
import type { serializeExternalIssue } from '@/lib/integrations/external-issues';
import type { SourceLink } from '@/lib/integrations/code-links';
import type { listDeliveries } from '@/lib/integrations/deliveries';
import { api, fetcher } from './fetcher';

export type Integration = ReturnType<typeof serializeIntegration>;
export type IntegrationProviderInfo = ReturnType<typeof serializeProviders>[number];
export type ExternalIssue = ReturnType<typeof serializeExternalIssue>;
export type Deliveries = Awaited<ReturnType<typeof listDeliveries>>;
export type ProjectTracker = {
  id: string;
  name: string;
  provider: string;
  providerName: string;
  target: string | null;
};
export type { SourceLink };

const INTEGRATIONS = '/api/v1/organization/integrations';
const integrationPath = (id: string) => `${INTEGRATIONS}/${encodeURIComponent(id)}`;

export function useIntegrations() {
  const { data, error, isLoading } = useSWR<Integration[]>(INTEGRATIONS, fetcher);
  return { integrations: data, error, isLoading };
}

export function useIntegrationProviders() {
  const { data } = useSWR<IntegrationProviderInfo[]>(`${INTEGRATIONS}/providers`, fetcher);
  return data;
}

/** The delivery log, polled while shown so new calls appear. */
export function useDeliveries(id: string | null) {
  const { data, error } = useSWR<Deliveries>(id ? `${integrationPath(id)}/deliveries?limit=50` : null, fetcher, {
    refreshInterval: 3000,
  });
  return { deliveries: data, error };
}

export async function connectIntegration(body: {
  provider: string;
  name?: string;
  config: Record<string, unknown>;
  secrets: Record<string, unknown>;
}) {
  const created = await api<Integration>(INTEGRATIONS, { method: 'POST', body });
  await mutate(INTEGRATIONS);
  return created;
}

export async function rotateIntegration(id: string, secrets: Record<string, unknown>) {
  await api(`${integrationPath(id)}/rotate`, { method: 'POST', body: { secrets } });
  await mutate(INTEGRATIONS);
}

export async function disconnectIntegration(id: string) {
  await api(integrationPath(id), { method: 'DELETE' });
  await mutate(INTEGRATIONS);
}

export async function configureIntegrationProject(
  id: string,
  projectId: string,
  config: Record<string, unknown> | null,
) {
  const path = `${integrationPath(id)}/projects/${encodeURIComponent(projectId)}`;
  await api(path, config ? { method: 'PUT', body: { config } } : { method: 'DELETE' });
  await mutate(INTEGRATIONS);
}

const ticketsPath = (projectId: string, issueId: string) =>
  `/api/v1/projects/${encodeURIComponent(projectId)}/issues/${encodeURIComponent(issueId)}/external-issues`;

/** The issue's tickets; polled while one is pending (its call runs on the job queue). */
export function useExternalIssues(projectId: string, issueId: string) {
  const { data, error } = useSWR<ExternalIssue[]>(ticketsPath(projectId, issueId), fetcher, {
    refreshInterval: (latest) => (latest?.some((l) => l.status === 'pending') ? 1000 : 0),
  });
  return { tickets: data, error };
}

export function useProjectTrackers(projectId: string | undefined) {
  const { data } = useSWR<ProjectTracker[]>(
    projectId ? `/api/v1/projects/${encodeURIComponent(projectId)}/integrations` : null,
    fetcher,
  );
  return data;
}

export async function requestTicket(
  projectId: string,
  issueId: string,
  body: { action: 'create'; integrationId: string } | { action: 'link'; integrationId: string; reference: string },
) {
  await api(ticketsPath(projectId, issueId), { method: 'POST', body });
  await mutate(ticketsPath(projectId, issueId));
}

export async function unlinkTicket(projectId: string, issueId: string, linkId: string) {
  await api(`${ticketsPath(projectId, issueId)}/${encodeURIComponent(linkId)}`, { method: 'DELETE' });
  await mutate(ticketsPath(projectId, issueId));
}

/** Links of an event's frames to their code, keyed `exception:frame`. */
export function useSourceLinks(projectId: string, issueId: string, eventId: string) {
  const { data } = useSWR<{ links: SourceLink[] }>(
    `/api/v1/projects/${encodeURIComponent(projectId)}/issues/${encodeURIComponent(issueId)}/events/${encodeURIComponent(eventId)}/source-links`,
    fetcher,
  );
  return new Map((data?.links ?? []).map((l) => [`${l.exception}:${l.frame}`, l]));
}
