// The metric rule form's values (#62): strings as typed, turned into the API's body, and the API's refusals put
// back on the field they name (a refusal of the query names the part of it: `query.aggregates.0`).
import type { AlertRule } from '@/lib/swr/use-alerts';
import type { CreateMetricAlertBody } from '@/lib/zod/metric-alerts';

export type MetricValues = {
  name: string;
  dataset: string;
  filter: string;
  aggregate: string;
  groupBy: string;
  direction: 'above' | 'below';
  warningThreshold: string;
  criticalThreshold: string;
  resolveThreshold: string;
  windowMinutes: string;
  comparison: '' | '1d' | '1w';
  notifyEmail: string;
  webhookUrl: string;
  webhookFormat: 'json' | 'slack' | 'discord';
  /** A chat or paging integration (#64); empty for none. */
  ticketIntegrationId: string;
};

/** What the Explore chart hands over: its dataset, filter, first aggregate and group-bys. */
export type MetricPrefill = { dataset: string; query: string; aggregates: string[]; groupBy: string[] };

type MetricRule = AlertRule & {
  query?: MetricPrefill;
  direction?: 'above' | 'below';
  warningThreshold?: number | null;
  criticalThreshold?: number | null;
  resolveThreshold?: number | null;
  comparison?: '1d' | '1w' | null;
};

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

export function metricValuesOf(rule: AlertRule | undefined, prefill: MetricPrefill | null): MetricValues {
  const r = rule as MetricRule | undefined;
  const q = r?.query ?? prefill;
  return {
    name: r?.name ?? (q ? `${q.aggregates[0]} of ${q.dataset}` : ''),
    dataset: q?.dataset ?? 'spans',
    filter: q?.query ?? '',
    aggregate: q?.aggregates[0] ?? 'count()',
    groupBy: q?.groupBy.join(', ') ?? '',
    direction: r?.direction ?? 'above',
    warningThreshold: text(r?.warningThreshold),
    criticalThreshold: text(r?.criticalThreshold),
    resolveThreshold: text(r?.resolveThreshold),
    windowMinutes: text(r?.windowMinutes ?? 5),
    comparison: r?.comparison ?? '',
    notifyEmail: r?.notifyEmail ?? '',
    webhookUrl: r?.webhookUrl ?? '',
    webhookFormat: r?.webhookFormat ?? 'json',
    ticketIntegrationId: r?.ticketIntegrationId ?? '',
  };
}

const num = (s: string) => (s.trim() === '' ? null : Number(s));

export function metricBody(v: MetricValues): CreateMetricAlertBody {
  return {
    name: v.name,
    query: {
      dataset: v.dataset,
      query: v.filter,
      aggregates: [v.aggregate.trim()],
      groupBy: v.groupBy
        .split(',')
        .map((g) => g.trim())
        .filter(Boolean),
    },
    direction: v.direction,
    warningThreshold: num(v.warningThreshold),
    criticalThreshold: num(v.criticalThreshold) as number,
    resolveThreshold: num(v.resolveThreshold),
    windowMinutes: num(v.windowMinutes) as number,
    comparison: v.comparison || null,
    notifyEmail: v.notifyEmail.trim() || null,
    webhookUrl: v.webhookUrl.trim() || null,
    webhookFormat: v.webhookFormat,
    ticketIntegrationId: v.ticketIntegrationId || null,
  };
}

const QUERY_FIELDS: Record<string, keyof MetricValues> = {
  dataset: 'dataset',
  query: 'filter',
  aggregates: 'aggregate',
  groupBy: 'groupBy',
};

/** Each refusal on the form field it names (the first per field). */
export function metricFieldErrors(issues: { path: (string | number)[]; message: string }[]) {
  const out: Partial<Record<keyof MetricValues, string>> = {};
  for (const i of issues) {
    const [head, part] = i.path.map(String);
    const field = head === 'query' ? (QUERY_FIELDS[part] ?? 'aggregate') : (head as keyof MetricValues);
    out[field] ??= i.message;
  }
  return out;
}
