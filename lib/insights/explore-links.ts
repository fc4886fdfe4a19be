// Every number on an Insights page links to Explore with the query that computes it (#62): the spans dataset, the
// page's filter (op, the span group or transaction, the environment), the aggregate and the range, for this project.
// Pure: the pages build these in the browser.
import { exploreSearchParams } from '@/lib/zod/explore';
import type { InsightPeriod } from '@/lib/zod/insights';

export type InsightsContext = { projectId: string; statsPeriod: InsightPeriod; environment?: string | null };
/** The context, and optionally what the link groups by. */
type LinkContext = InsightsContext & { groupBy?: string[] };

/** `key:value`, the value quoted when it holds anything but a plain word (a transaction name has spaces). */
export function term(key: string, value: string | null): string {
  // A span without the field: Explore's has: negated (a row without the key).
  if (value === null || value === '') return `!has:${key}`;
  return /^[A-Za-z0-9_.\-@/:*]+$/.test(value) && !value.startsWith('[')
    ? `${key}:${value}`
    : `${key}:"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** The Explore address of an aggregate over spans matching `filter` (terms, ANDed), optionally grouped. */
export function exploreHref(c: LinkContext, filter: string[], aggregate: string): string {
  const terms = c.environment ? [...filter, term('environment', c.environment)] : filter;
  const p = exploreSearchParams({
    dataset: 'spans',
    query: terms.join(' '),
    aggregates: [aggregate],
    groupBy: c.groupBy ?? [],
    projects: [c.projectId],
    statsPeriod: c.statsPeriod,
  });
  return `/explore?${p}`;
}

export const DB_FILTER = 'span.op:db*';
export const HTTP_FILTER = 'span.op:http.client';
export const CACHE_FILTER = 'span.op:[cache.get,cache.get_item]';
export const QUEUE_PUBLISH = 'span.op:queue.publish';
export const QUEUE_PROCESS = 'span.op:queue.process';

/** An outbound call's host (`server.address`, as @sentry/node records it). */
export const hostFilter = (host: string) => [HTTP_FILTER, term('server.address', host)];
/** A request: its host, method and path, its ids `*` (a wildcard in Explore). */
export const requestFilter = (r: { host: string; method: string; path: string }) =>
  [
    ...hostFilter(r.host),
    r.method ? term('http.request.method', r.method) : '',
    r.path.includes('*') ? `url.path:${r.path.replace(/[\s"]/g, '')}` : term('url.path', r.path),
  ].filter(Boolean);
/** The calls the error rate counts as failed, as far as Explore says it: a response status of 500 or more. */
export const HTTP_ERRORS = 'http.response.status_code:>=500';
