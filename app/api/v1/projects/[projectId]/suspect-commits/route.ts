import { route } from '@/lib/http/route';
import {
  getSuspectCommitSettings,
  setSuspectCommitSettings,
  suspectCommitSettingsSchema,
} from '@/lib/suspect-commits/settings';
import { projectParams } from '@/lib/zod/projects';

export const GET = route({ auth: 'session', scope: 'project', params: projectParams }, async ({ tenant }) => {
  return { message: 'Success', data: await getSuspectCommitSettings(tenant) };
});

export const PATCH = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params: projectParams, body: suspectCommitSettingsSchema },
  async ({ tenant, body }) => {
    return { message: 'Suspect commit settings updated', data: await setSuspectCommitSettings(tenant, body) };
  },
);
