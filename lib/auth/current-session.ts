import { cache } from 'react';
import { cookies } from 'next/headers';
import { resolveSession, SESSION_COOKIE } from './session';

/** The request's session for server components, read once however many layouts, pages and metadata functions ask. */
export const currentSession = cache(async () => resolveSession((await cookies()).get(SESSION_COOKIE)?.value));
