'use client';

import useSWR, { useSWRConfig } from 'swr';
import type { serializeMetricIncident } from '@/lib/alerts/metric-rules';
import type { CreateMetricAlertBody, UpdateMetricAlertBody } from '@/lib/zod/metric-alerts';
import type { AlertRule, CreatedAlertRule } from './use-alerts';
import { api, fetcher, type ApiError } from './fetcher';

export type MetricIncident = ReturnType<typeof serializeMetricIncident>;

const base = (projectId: string) => `/api/v1/projects/${encodeURIComponent(projectId)}`;

/** The project's metric alert incidents, newest first; polled so a firing shows without a reload. */
export function useMetricIncidents(projectId: string) {
  return useSWR<MetricIncident[], ApiError>(`${base(projectId)}/metric-alerts/incidents`, fetcher, {
    refreshInterval: 10_000,
  });
}

/** Create and change metric rules, refreshing the project's rule list (which lists them with the others). */
export function useMetricAlertMutations(projectId: string) {
  const { mutate } = useSWRConfig();
  const rules = `${base(projectId)}/alerts`;
  return {
    async create(input: CreateMetricAlertBody): Promise<CreatedAlertRule> {
      const rule = await api<CreatedAlertRule>(`${base(projectId)}/metric-alerts`, { method: 'POST', body: input });
      await mutate(rules);
      return rule;
    },
    async update(ruleId: string, input: UpdateMetricAlertBody): Promise<AlertRule> {
      const path = `${base(projectId)}/metric-alerts/${encodeURIComponent(ruleId)}`;
      const rule = await api<AlertRule>(path, { method: 'PATCH', body: input });
      await mutate(rules);
      return rule;
    },
  };
}
