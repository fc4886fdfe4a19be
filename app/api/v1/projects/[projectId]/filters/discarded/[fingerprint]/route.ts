import { z } from 'zod';
import { route } from '@/lib/http/route';
import { undiscard } from '@/lib/filters/project-filters';

// Undo "delete and discard": the fingerprint's events are stored again.
const params = z.object({ projectId: z.string().min(1), fingerprint: z.string().min(1).max(200) });

export const DELETE = route(
  { auth: 'session', scope: 'project', role: 'ADMIN', params },
  async ({ tenant, params }) => {
    await undiscard(tenant, params.fingerprint);
    return { message: 'Events of this issue are stored again' };
  },
);
