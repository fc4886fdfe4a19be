// Who is acting and from where (#48), for the audit log: set once per API request by route() (lib/http/route.ts)
// and by the sign-in paths that run outside it, read by recordAudit wherever an action is written, so no action has
// to pass its caller along. Outside a request (jobs, the command line) the actor is the system.
import { AsyncLocalStorage } from 'node:async_hooks';
import { clientAddress } from '@/lib/auth/client-address';

export type AuditActor = {
  userId?: string;
  /** The user's email when known (kept on the entry as it was). */
  userEmail?: string;
  tokenId?: string;
  ipAddress?: string;
  userAgent?: string;
};

const storage = new AsyncLocalStorage<AuditActor>();

export function withAuditActor<T>(actor: AuditActor, fn: () => Promise<T>): Promise<T> {
  return storage.run({ ...storage.getStore(), ...actor }, fn);
}

/** Runs a request's handling with its address and User-Agent as the actor; the user or token is set once known. */
export function withRequestActor<T>(req: Request, fn: () => Promise<T>): Promise<T> {
  return withAuditActor({ ipAddress: clientAddress(req), userAgent: req.headers.get('user-agent') ?? undefined }, fn);
}

/** The acting user or token, set later in a request than its start (once the session is known). */
export function setAuditActor(actor: AuditActor): void {
  const store = storage.getStore();
  if (store) Object.assign(store, actor);
}

export function auditActor(): AuditActor {
  return storage.getStore() ?? {};
}
