import { db } from '@/lib/db';
import type { TestClient } from './client';

export async function setPlan(orgId: string, plan: 'FREE' | 'PRO') {
  await db.organization.update({ where: { id: orgId }, data: { plan } });
}

/**
 * Creates a project through the API and returns its serialized form (with the Default key). Without the default alert
 * rules (#60): the tests using this count their own rules and emails (tests/api/default-alerts.test.ts covers those).
 */
export async function createProject(client: TestClient, name = 'Web app', platform?: string) {
  const res = await client.post('/api/v1/projects', { name, ...(platform ? { platform } : {}), defaultRules: false });
  if (res.status !== 201) throw new Error(`create project failed: ${res.status} ${res.text}`);
  return res.body.data as {
    id: string;
    orgId: string;
    name: string;
    slug: string;
    platform: string;
    number: number;
    createdAt: string;
    updatedAt: string;
    keys: { id: string; publicKey: string; dsn: string; label: string; enabled: boolean }[];
  };
}
