// Events and transactions through the one scrubber (./scrub-item.ts), called by lib/ingest/items/events/ingest-units.ts after
// validation and before grouping, storage, alerts or logs; plus the one decision that is not a rule on a field:
// the user's IP address.
import { isIP } from 'node:net';
import type { ErrorEnvelope, TransactionEnvelope } from '@/lib/envelope/schemas';
import type { ScrubPolicy } from './rules';
import { scrubItem } from './scrub-item';

/** The placeholder SDKs send for "use the connection's address" (`sendDefaultPii`). */
export const AUTO_IP = '{{auto}}';

/** An error envelope with secrets filtered and the IP address decided (in place; also returned). */
export function scrubErrorEnvelope(env: ErrorEnvelope, policy: ScrubPolicy, clientAddress: string | undefined): ErrorEnvelope {
  scrubItem('error', env, policy);
  const user = env.user;
  if (!user) return env;
  if (policy.dropIp) delete user.ip_address;
  else if (user.ip_address === AUTO_IP) {
    if (clientAddress && isIP(clientAddress)) user.ip_address = clientAddress;
    else delete user.ip_address;
  }
  return env;
}

/** A transaction envelope with secrets filtered from its name (a URL with a token in its query). */
export function scrubTransactionEnvelope(t: TransactionEnvelope, policy: ScrubPolicy): TransactionEnvelope {
  return scrubItem('transaction', t, policy);
}
