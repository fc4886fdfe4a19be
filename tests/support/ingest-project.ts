// One project that a whole test file of ingest sends to (#1). The `let` bindings are live: useIngestProject's
// beforeAll sets them, the file's tests read them.
import { beforeAll, expect } from 'vitest';
import { db } from '@/lib/db';
import { signUp } from './accounts';
import type { TestClient } from './client';
import { createProject } from './fixtures';

export const anyMessage = expect.any(String);
export const ok = { statusCode: 200, status: 'success', message: 'Event received successfully' };

export let client: TestClient;
export let projectId: string;
export let key: string;

/** Signs up the file's project before its tests. */
export function useIngestProject() {
  beforeAll(async () => {
    const s = await signUp();
    client = s.client;
    const p = await createProject(client);
    projectId = p.id;
    key = p.keys[0].publicKey;
  });
}

export const eventCount = () => db.event.count({ where: { projectId } });
export const txCount = () => db.transaction.count({ where: { projectId } });
