import { db } from '@/lib/db';
import { clock } from '@/lib/clock';
import { describeDevice } from './describe-device';

export type SignedInSession = ReturnType<typeof serializeSession>;

function serializeSession(
  row: { id: string; userAgent: string | null; ipAddress: string | null; createdAt: Date; lastUsedAt: Date },
  currentId: string,
) {
  const device = describeDevice(row.userAgent);
  return {
    id: row.id,
    label: device.label,
    browser: device.browser,
    os: device.os,
    device: device.device,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastUsedAt.toISOString(),
    current: row.id === currentId,
  };
}

/** The user's live sessions: the caller's own first, then the most recently seen. */
export async function listSessions(userId: string, currentSessionId: string) {
  const rows = await db.session.findMany({
    where: { userId, expiresAt: { gt: clock.now() } },
    select: { id: true, userAgent: true, ipAddress: true, createdAt: true, lastUsedAt: true },
    orderBy: [{ lastUsedAt: 'desc' }, { createdAt: 'desc' }],
  });
  const sessions = rows.map((r) => serializeSession(r, currentSessionId));
  return [...sessions.filter((s) => s.current), ...sessions.filter((s) => !s.current)];
}
