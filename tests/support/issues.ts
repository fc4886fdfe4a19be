// Issues seeded straight into the database for the tests of the issue API: 25 of them a minute apart, and events.
import { db } from '@/lib/db';
import { signUp } from './accounts';
import { createProject } from './fixtures';

export const BASE = Date.parse('2026-03-10T12:00:00.000Z');
export const STATUSES = ['UNRESOLVED', 'RESOLVED', 'IGNORED'] as const;
export const LEVELS = ['FATAL', 'ERROR', 'WARNING', 'INFO', 'DEBUG'] as const;

export type Seed = { status?: (typeof STATUSES)[number]; level?: (typeof LEVELS)[number]; lastSeen: number };

export async function seedIssues(projectId: string, seeds: Seed[]) {
  const created = [];
  for (const [i, s] of seeds.entries()) {
    created.push(
      await db.issue.create({
        data: {
          projectId,
          fingerprint: `fp-${i}-${Math.random()}`,
          title: `Error: issue ${i}`,
          culprit: `app.js in fn${i}`,
          status: s.status ?? 'UNRESOLVED',
          level: s.level ?? 'ERROR',
          eventCount: i + 1,
          firstSeen: new Date(s.lastSeen - 3_600_000),
          lastSeen: new Date(s.lastSeen),
        },
      }),
    );
  }
  return created;
}

export async function seedEvents(issueId: string, projectId: string, timestamps: number[]) {
  await db.event.createMany({
    data: timestamps.map((t, i) => ({
      issueId,
      projectId,
      level: 'ERROR' as const,
      message: `m${i}`,
      timestamp: new Date(t),
    })),
  });
}

/** A signed-in user with one project holding 25 issues: status and level cycle, lastSeen one minute apart. */
export async function withIssues() {
  const account = await signUp();
  const project = await createProject(account.client);
  const issues = await seedIssues(
    project.id,
    Array.from({ length: 25 }, (_, i) => ({
      status: STATUSES[i % 3],
      level: LEVELS[i % 5],
      lastSeen: BASE + i * 60_000,
    })),
  );
  return { ...account, project, issues };
}
