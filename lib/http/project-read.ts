import type { z } from 'zod';
import { route } from './route';

type Parsed<S> = S extends z.ZodType ? z.infer<S> : unknown;

/**
 * The dashboard's plain project read: a session GET scoped to the project, whose parsed params and query, with
 * the caller's organization, are the read's whole input (`{ orgId, projectId, …params, …query }`), and whose
 * answer is the read's result. A route whose read takes anything else writes its handler with `route`.
 */
export function projectRead<P extends z.ZodType, Q extends z.ZodType | undefined, T>(
  message: string,
  schemas: { params: P; query?: Q },
  read: (input: { orgId: string } & z.infer<P> & Parsed<Q>) => Promise<T>,
) {
  return route(
    { auth: 'session', scope: 'project', params: schemas.params, query: schemas.query },
    async ({ tenant, params, query }) => {
      // The wrapper parsed both with these very schemas; TypeScript cannot spread its conditional types itself.
      const input = { orgId: tenant.orgId, ...(params as object), ...(query as object | undefined) };
      return { message, data: await read(input as Parameters<typeof read>[0]) };
    },
  );
}
