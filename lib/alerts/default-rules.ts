// The alert rules a new project starts with (#60), as Sentry's "Alert me on every new issue" at project creation:
// every new issue and every regression, emailed to the project's members. Offered (on) when a project is created;
// projects made before #60 keep the rules they have.
import crypto from 'node:crypto';
import type { Tx } from '@/lib/db';
import { DEFAULT_RULES } from '@/lib/zod/alerts';

/** Creates the project's default rules inside the caller's transaction (the project's creation: no rule cache holds it yet). */
export async function createDefaultRules(tx: Tx, projectId: string): Promise<void> {
  // The list is newest first: each rule is made a millisecond before the one above it, so they list in this order.
  const now = Date.now();
  await tx.alertRule.createMany({
    data: DEFAULT_RULES.map((r, i) => ({
      projectId,
      ...r,
      webhookSecret: crypto.randomBytes(32).toString('hex'),
      createdAt: new Date(now - i),
      updatedAt: new Date(now - i),
    })),
  });
}
