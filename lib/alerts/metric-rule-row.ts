// A metric rule as the minute evaluation reads it (#62), shared by the evaluator and the writes it makes.
import type { WebhookFormat } from '@/lib/zod/alerts';
import type { MetricComparison, MetricDirection, MetricQuery, MetricState } from '@/lib/zod/metric-alerts';

export type MetricRuleRow = {
  id: string;
  project_id: string;
  project_number: number;
  project_slug: string;
  project_name: string;
  plan: 'FREE' | 'PRO';
  name: string;
  metric_query: MetricQuery;
  window_minutes: number;
  metric_comparison: MetricComparison | null;
  metric_direction: MetricDirection;
  warning_threshold: number | null;
  critical_threshold: number;
  resolve_threshold: number | null;
  metric_state: MetricState;
  muted_until: Date | null;
  notify_email: string | null;
  webhook_url: string | null;
  webhook_format: WebhookFormat;
  /** A chat or paging integration the incidents also go to (#64). */
  ticket_integration_id: string | null;
};

export type MetricFiring = { ruleId: string; from: MetricState; to: MetricState; value: number; notified: boolean };
