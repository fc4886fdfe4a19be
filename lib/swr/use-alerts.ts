'use client';

import useSWR, { useSWRConfig } from 'swr';
import type { serializeAlertLog, serializeAlertRule } from '@/lib/alerts/serialize';
import type { CreateAlertBody, UpdateAlertInput } from '@/lib/zod/alerts';
import { api, fetcher, type ApiError } from './fetcher';

export type AlertRule = ReturnType<typeof serializeAlertRule>;
export type AlertLog = ReturnType<typeof serializeAlertLog>;
/** Only the create response carries the secret; lists and PATCH answers never do. */
export type CreatedAlertRule = AlertRule & { webhookSecret: string };

const rulesPath = (projectId: string) => `/api/v1/projects/${encodeURIComponent(projectId)}/alerts`;
const rulePath = (projectId: string, ruleId: string) => `${rulesPath(projectId)}/${encodeURIComponent(ruleId)}`;

/** The project's alert rules, newest first. */
export function useAlertRules(projectId: string) {
  return useSWR<AlertRule[], ApiError>(rulesPath(projectId), fetcher);
}

/** Delivery attempts of one rule, newest first; polled while shown so new deliveries appear. */
export function useAlertLogs(projectId: string, ruleId: string | null) {
  return useSWR<AlertLog[], ApiError>(ruleId ? `${rulePath(projectId, ruleId)}/logs` : null, fetcher, {
    refreshInterval: 3000,
  });
}

/** Create, update and delete, each refreshing the cached list. */
export function useAlertMutations(projectId: string) {
  const { mutate } = useSWRConfig();
  const key = rulesPath(projectId);

  return {
    async create(input: CreateAlertBody): Promise<CreatedAlertRule> {
      const rule = await api<CreatedAlertRule>(key, { method: 'POST', body: input });
      await mutate(key);
      return rule;
    },
    async update(ruleId: string, input: UpdateAlertInput): Promise<AlertRule> {
      // Optimistic, so the enabled switch answers at once; rolled back if the API refuses.
      let updated: AlertRule | undefined;
      await mutate<AlertRule[]>(
        key,
        async (rules) => {
          updated = await api<AlertRule>(rulePath(projectId, ruleId), { method: 'PATCH', body: input });
          return rules?.map((r) => (r.id === ruleId ? updated! : r));
        },
        {
          optimisticData: (rules) =>
            (rules ?? []).map((r) => (r.id === ruleId ? ({ ...r, ...input } as AlertRule) : r)),
          rollbackOnError: true,
          revalidate: false,
        },
      );
      return updated!;
    },
    async remove(ruleId: string): Promise<void> {
      await api(rulePath(projectId, ruleId), { method: 'DELETE' });
      await mutate<AlertRule[]>(key, (rules) => rules?.filter((r) => r.id !== ruleId), { revalidate: true });
    },
  };
}
