// The one privacy decision that is no rule on a field (the scrubber, ./scrub-item.ts, applies those): the user's IP
// address, taken from the connection for `{{auto}}` unless the project drops IP addresses.
import { isIP } from 'node:net';
import type { ErrorEnvelope } from '@/lib/envelope/schemas';
import type { ScrubPolicy } from './rules';

/** The placeholder SDKs send for "use the connection's address" (`sendDefaultPii`). */
export const AUTO_IP = '{{auto}}';

/** Decides `user.ip_address` in place: dropped, the sender's address for `{{auto}}`, or kept as sent. */
export function decideIpAddress(
  user: ErrorEnvelope['user'],
  policy: ScrubPolicy,
  clientAddress: string | undefined,
): void {
  if (!user) return;
  if (policy.dropIp) delete user.ip_address;
  else if (user.ip_address === AUTO_IP) {
    if (clientAddress && isIP(clientAddress)) user.ip_address = clientAddress;
    else delete user.ip_address;
  }
}
