import { db } from '@/lib/db';
import { serializeApiToken } from './serialize-api-token';

export async function listApiTokens(orgId: string) {
  const rows = await db.apiToken.findMany({ where: { orgId }, orderBy: { createdAt: 'desc' } });
  return rows.map(serializeApiToken);
}
