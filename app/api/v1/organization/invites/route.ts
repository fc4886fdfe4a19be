import { route } from '@/lib/http/route';
import { createInvite } from '@/lib/invites/create-invite';
import { listPendingInvites } from '@/lib/invites/list-invites';
import { serializeInvite } from '@/lib/invites/serialize';
import { createInviteSchema } from '@/lib/zod/orgs';

export const GET = route({ auth: 'session', scope: 'organization' }, async ({ tenant }) => {
  const invites = await listPendingInvites(tenant.orgId);
  return { message: 'Invites fetched', data: invites.map(serializeInvite) };
});

export const POST = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', body: createInviteSchema },
  async ({ tenant, body }) => {
    const { invite, url, emailed } = await createInvite(tenant, body);
    return {
      status: 201,
      message: emailed ? 'Invite sent' : 'Invite created; the email could not be sent',
      data: { ...serializeInvite(invite), url, emailed },
    };
  },
);
