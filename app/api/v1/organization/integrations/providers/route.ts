import { route } from '@/lib/http/route';
import { PROVIDERS } from '@/lib/integrations/registry';
import { serializeProviders } from '@/lib/integrations/serialize';

export const GET = route({ auth: 'session', scope: 'organization' }, async () => {
  return { message: 'Providers fetched', data: serializeProviders(PROVIDERS) };
});
