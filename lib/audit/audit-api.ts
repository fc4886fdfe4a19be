// The audit log's API (#48): an organization's entries, newest first, filtered by action (or its area: `member`),
// actor (email, token name or id), target id and time, paged by cursor. OWNERs and ADMINs only (the route says so).
import { z } from 'zod';
import { Prisma } from '@/lib/generated/prisma/client';
import { db } from '@/lib/db';
import { cursorOf, readCursor } from '@/lib/http/query';
import { clampedInt } from '@/lib/zod/query';
import { AUDIT_ACTIONS } from './actions';

const AREAS = [...new Set(AUDIT_ACTIONS.map((a) => a.split('.')[0]))];

export const auditQuery = z.object({
  action: z
    .string()
    .refine((a) => (AUDIT_ACTIONS as readonly string[]).includes(a) || AREAS.includes(a), {
      message: `action must be one of ${AREAS.join(', ')} or an action of them`,
    })
    .optional(),
  actor: z.string().trim().min(1).max(200).optional(),
  target: z.string().trim().min(1).max(200).optional(),
  since: z.iso.datetime({ message: 'since must be an ISO 8601 time' }).optional(),
  until: z.iso.datetime({ message: 'until must be an ISO 8601 time' }).optional(),
  cursor: z.string().max(200).optional(),
  limit: clampedInt(50, 1, 200),
});

export async function listAuditLog(t: { orgId: string }, q: z.infer<typeof auditQuery>) {
  const and: Prisma.AuditLogEntryWhereInput[] = [{ orgId: t.orgId }];
  if (q.action) and.push(q.action.includes('.') ? { action: q.action } : { action: { startsWith: `${q.action}.` } });
  if (q.actor) and.push({ OR: [{ actorLabel: { contains: q.actor, mode: 'insensitive' } }, { actorId: q.actor }] });
  if (q.target)
    and.push({ OR: [{ targetId: q.target }, { targetLabel: { contains: q.target, mode: 'insensitive' } }] });
  if (q.since) and.push({ createdAt: { gte: new Date(q.since) } });
  if (q.until) and.push({ createdAt: { lt: new Date(q.until) } });
  if (q.cursor) {
    const c = readCursor(q.cursor);
    and.push({ OR: [{ createdAt: { lt: c.at } }, { createdAt: c.at, id: { lt: c.id } }] });
  }
  const rows = await db.auditLogEntry.findMany({
    where: { AND: and },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: q.limit + 1,
  });
  const page = rows.slice(0, q.limit);
  const last = page.at(-1);
  return {
    entries: page.map(({ orgId: _o, createdAt, ...e }) => ({ ...e, createdAt: createdAt.toISOString() })),
    nextCursor: rows.length > q.limit && last ? cursorOf(last.createdAt, last.id) : null,
  };
}
