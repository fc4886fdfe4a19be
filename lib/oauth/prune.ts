// #63: the OAuth rows nothing will read again, removed by the minute job. A code is kept ten minutes past its expiry so
// that one presented again soon still revokes the grant it made; a token goes once expired (a used refresh token
// stays until then, to catch its reuse); a registered client that never got a grant goes after thirty days (an MCP
// client told its client_id is unknown registers again).
import { db } from '@/lib/db';
import { clock } from '@/lib/clock';

const CODE_KEPT_MS = 10 * 60_000;
const UNUSED_CLIENT_MS = 30 * 24 * 60 * 60_000;

export async function pruneOAuth(): Promise<{ codes: number; tokens: number; clients: number }> {
  const now = clock.now().getTime();
  const codes = await db.oAuthCode.deleteMany({ where: { expiresAt: { lt: new Date(now - CODE_KEPT_MS) } } });
  const tokens = await db.oAuthToken.deleteMany({ where: { expiresAt: { lt: new Date(now) } } });
  const clients = await db.oAuthClient.deleteMany({
    where: { createdAt: { lt: new Date(now - UNUSED_CLIENT_MS) }, grants: { none: {} } },
  });
  return { codes: codes.count, tokens: tokens.count, clients: clients.count };
}
