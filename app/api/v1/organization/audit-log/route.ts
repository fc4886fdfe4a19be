import { route } from '@/lib/http/route';
import { auditQuery, listAuditLog } from '@/lib/audit/audit-api';

// The organization's audit log (#48), newest first: OWNERs and ADMINs.
export const GET = route(
  { auth: 'session', scope: 'organization', role: 'ADMIN', query: auditQuery },
  async ({ tenant, query }) => {
    return { message: 'Success', data: await listAuditLog(tenant, query) };
  },
);
