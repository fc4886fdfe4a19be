import { flushOutcomes } from '@/lib/outcomes/record-outcome';
import type { TestClient } from './client';

/** A project's Stats rows of one category as [outcome, reason, quantity], sorted (the outcomes flushed first). */
export async function outcomeRows(client: TestClient, projectId: string, category: string) {
  await flushOutcomes();
  const rows = (await client.get(`/api/v1/projects/${projectId}/stats`)).body.data.rows as {
    category: string;
    outcome: string;
    reason: string;
    quantity: number;
  }[];
  return rows
    .filter((r) => r.category === category)
    .map((r) => [r.outcome, r.reason, r.quantity])
    .sort();
}
