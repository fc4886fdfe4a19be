// The start-up line of integrations (#64). Once an integration exists, a missing or malformed
// INTEGRATIONS_ENCRYPTION_KEY (or a key that sealed some secrets gone from the keys) is an error said at start: their
// tokens cannot be opened, so tickets are not created or synced and their webhooks answer 503 until it is set. The
// rest of the service keeps working.
import { pool } from '@/lib/pg';
import { currentKeyRing } from './secret-box';

export async function integrationsStatus(): Promise<{ level: 'info' | 'error'; line: string }> {
  const ring = currentKeyRing();
  const { rows } = await pool().query<{ key_id: string; n: number }>(
    'SELECT key_id, count(*)::int AS n FROM integrations GROUP BY key_id',
  );
  const total = rows.reduce((n, r) => n + r.n, 0);
  const lost = rows.filter((r) => !ring.byId.has(r.key_id)).reduce((n, r) => n + r.n, 0);
  if (!ring.current && total)
    return {
      level: 'error',
      line: `integrations: ${total} connected, but ${ring.problem}: their secrets cannot be opened (tickets are not created or synced, their webhooks answer 503). Set INTEGRATIONS_ENCRYPTION_KEY to the key they were sealed with`,
    };
  if (!ring.current)
    return {
      level: ring.problem?.startsWith('INTEGRATIONS_ENCRYPTION_KEY is not set') ? 'info' : 'error',
      line: `integrations: off (${ring.problem}); set INTEGRATIONS_ENCRYPTION_KEY to 32 random bytes (openssl rand -base64 32) to connect GitHub, GitLab, Jira or Linear`,
    };
  if (lost)
    return {
      level: 'error',
      line: `integrations: ${lost} of ${total} sealed with a key that is neither INTEGRATIONS_ENCRYPTION_KEY nor in INTEGRATIONS_ENCRYPTION_PREVIOUS_KEYS: put it back in INTEGRATIONS_ENCRYPTION_PREVIOUS_KEYS`,
    };
  const old = total - (rows.find((r) => r.key_id === ring.current!.id)?.n ?? 0);
  return {
    level: ring.problem ? 'error' : 'info',
    line: `integrations: ${total} connected, secrets sealed with key ${ring.current.id}${old ? ` (${old} on a previous key, resealed now)` : ''}${ring.problem ? `; ${ring.problem}` : ''}`,
  };
}
