import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/states';
import type { InsightPeriod } from '@/lib/zod/insights';

export const PERIOD_LABELS: Record<InsightPeriod, string> = {
  '1h': '1 hour',
  '24h': '24 hours',
  '7d': '7 days',
  '14d': '14 days',
  '30d': '30 days',
};
export const rangeText = (p: InsightPeriod) => `the last ${PERIOD_LABELS[p]}`;

/** An Insights page without its spans: what it reads, and which SDK integrations send them. */
export function NoSpans({ title, children }: { title: string; children: ReactNode }) {
  return <EmptyState title={title} description={children} />;
}
