// Opsgenie (#64): an API integration's key (sealed, sent as `GenieKey`). An alert creates an Opsgenie alert whose
// alias is the issue's; resolving the issue closes it by that alias.
import { z } from 'zod';
import type { IntegrationProvider } from '../../provider';
import type { OpsgenieConfig, OpsgenieSecrets } from './types';

export type { OpsgenieConfig, OpsgenieSecrets } from './types';
import { optionalBaseUrl, requiredSecret } from '../fields';

export const opsgenie: IntegrationProvider<OpsgenieConfig, OpsgenieSecrets> = {
  id: 'opsgenie',
  name: 'Opsgenie',
  kind: 'paging',
  fields: [
    { name: 'apiKey', label: 'API key', in: 'secrets', type: 'password', required: true, hint: 'An API integration' },
    {
      name: 'region',
      label: 'Region',
      in: 'config',
      type: 'select',
      options: [
        { value: 'us', label: 'US (api.opsgenie.com)' },
        { value: 'eu', label: 'EU (api.eu.opsgenie.com)' },
      ],
    },
    { name: 'baseUrl', label: 'API URL', in: 'config', type: 'url', hint: "Empty: the region's" },
  ],
  config: z.object({ region: z.enum(['us', 'eu']).default('us'), baseUrl: optionalBaseUrl }),
  secrets: z.object({ apiKey: requiredSecret('API key') }),
  notifier: async () => (await import('./client')).opsgenieNotifier,
};
