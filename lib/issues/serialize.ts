import type { IssueStatusValue, LevelValue } from '@/lib/zod/issues';

type IssueRow = {
  id: string;
  projectId: string;
  fingerprint: string;
  title: string;
  culprit: string | null;
  status: IssueStatusValue;
  level: LevelValue;
  eventCount: number;
  firstSeen: Date;
  lastSeen: Date;
  createdAt: Date;
  updatedAt: Date;
};

export function serializeIssue(i: IssueRow) {
  return {
    id: i.id,
    projectId: i.projectId,
    fingerprint: i.fingerprint,
    title: i.title,
    culprit: i.culprit,
    status: i.status,
    level: i.level,
    eventCount: i.eventCount,
    firstSeen: i.firstSeen.toISOString(),
    lastSeen: i.lastSeen.toISOString(),
    createdAt: i.createdAt.toISOString(),
    updatedAt: i.updatedAt.toISOString(),
  };
}

export type SerializedIssue = ReturnType<typeof serializeIssue>;
