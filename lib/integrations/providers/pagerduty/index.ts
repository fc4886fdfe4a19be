// PagerDuty (#64): an Events API v2 integration's routing key (sealed). An alert triggers an incident whose
// dedup_key is the issue's; resolving the issue resolves it with the same key (lib/integrations/alert-resolve.ts).
import { z } from 'zod';
import type { IntegrationProvider } from '../../provider';
import type { PagerDutyConfig, PagerDutySecrets } from './types';

export type { PagerDutyConfig, PagerDutySecrets } from './types';
import { requiredSecret } from '../fields';

export const pagerduty: IntegrationProvider<PagerDutyConfig, PagerDutySecrets> = {
  id: 'pagerduty',
  name: 'PagerDuty',
  kind: 'paging',
  fields: [
    {
      name: 'routingKey',
      label: 'Integration key',
      in: 'secrets',
      type: 'password',
      required: true,
      hint: "A service's Events API v2 integration key (its routing key)",
    },
    {
      name: 'region',
      label: 'Region',
      in: 'config',
      type: 'select',
      options: [
        { value: 'us', label: 'US (events.pagerduty.com)' },
        { value: 'eu', label: 'EU (events.eu.pagerduty.com)' },
      ],
    },
    { name: 'server', label: 'Events host', in: 'config', type: 'text', hint: "Empty: the region's host" },
  ],
  config: z.object({
    region: z.enum(['us', 'eu']).default('us'),
    server: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, 'Give a host name (and port), no scheme')
        .optional(),
    ),
  }),
  secrets: z.object({ routingKey: requiredSecret('integration key') }),
  notifier: async () => (await import('./client')).pagerdutyNotifier,
};
