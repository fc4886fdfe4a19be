// What every MCP tool call runs with (the token's organization, scopes and person), and the one wrapper each tool's
// handler goes through: the call is written to the audit log with its arguments and outcome, a refusal of ours
// (AppError) becomes a tool error the model reads, never a protocol failure, and the answer is text.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { recordAudit } from '@/lib/audit/record-audit';
import { db } from '@/lib/db';
import { AppError } from '@/lib/errors';
import { logger } from '@/lib/log';
import type { OrgTenant } from '@/lib/orgs/resolve-tenant';
import { controlCharacterIssues, withoutControlCharacters } from '@/lib/text/control-characters';
import { sentryScopesOf } from '@/lib/sentry-api/scopes';

export type McpContext = {
  tenant: OrgTenant;
  /** The token's scopes in Sentry's names (lib/sentry-api/scopes.ts): `event:write` lets a tool change an issue. */
  sentryScopes: string[];
  /** Whom the token acts for (its creator): the author of a comment, the person whose marks it reads. */
  personId: string | null;
};

export function mcpContext(tenant: OrgTenant, scopes: readonly string[], personId: string | null): McpContext {
  return { tenant, sentryScopes: sentryScopesOf(scopes), personId };
}

/** The Sentry scope a changing tool needs, as the /api/0 PUT of an issue does. */
export const WRITE_SCOPE = 'event:write';

/** Refuses a changing tool to a token without the write scope, before anything is read or changed. */
export function assertWriteScope(ctx: McpContext): void {
  if (!ctx.sentryScopes.includes(WRITE_SCOPE))
    throw new AppError(
      'FORBIDDEN',
      `This API token lacks the "${WRITE_SCOPE}" scope (a token with the "write" scope has it): nothing was changed`,
    );
}

type Shape = Record<string, z.ZodType>;
type Args<S extends Shape> = { [K in keyof S]: z.infer<S[K]> };

export type ToolSpec<S extends Shape> = {
  name: string;
  description: string;
  input: S;
  /** True for a tool that changes something (resolve, assign, comment). */
  writes?: boolean;
  run: (ctx: McpContext, args: Args<S>) => Promise<string>;
};

const MAX_AUDITED_ARG = 500;

/** The arguments as the audit log keeps them: strings cut short (a comment's body is no place to grow the log). */
function auditedArgs(args: Record<string, unknown>): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const [k, v] of Object.entries(args)) {
    if (v === undefined) continue;
    const raw = typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? v : JSON.stringify(v);
    // A refused control character is kept visible but storable (jsonb holds no NUL).
    const s = typeof raw === 'string' ? withoutControlCharacters(raw) : raw;
    out[k] = typeof s === 'string' && s.length > MAX_AUDITED_ARG ? `${s.slice(0, MAX_AUDITED_ARG)}…` : s;
  }
  return out;
}

async function audit(ctx: McpContext, name: string, args: Record<string, unknown>, outcome: string) {
  await recordAudit(db, {
    orgId: ctx.tenant.orgId,
    action: 'mcp.tool_called',
    target: { type: 'mcp_tool', id: name, label: name },
    changes: { arguments: auditedArgs(args), outcome },
  });
}

const text = (t: string, isError = false): CallToolResult => ({ content: [{ type: 'text', text: t }], isError });

/** Registers one tool on the server: audited, refused without the write scope when it writes, errors as text. */
export function addTool<S extends Shape>(server: McpServer, ctx: McpContext, spec: ToolSpec<S>): void {
  const handler = async (args: Args<S>): Promise<CallToolResult> => {
    try {
      if (spec.writes) assertWriteScope(ctx);
      // As the route wrapper refuses them: no argument reaches the database with a NUL or another control character.
      const control = controlCharacterIssues(args);
      if (control.length > 0)
        throw new AppError('BAD_REQUEST', `${control.map((i) => i.path.join('.')).join(', ')}: ${control[0].message}`);
      const answer = await spec.run(ctx, args);
      await audit(ctx, spec.name, args, 'ok');
      return text(answer);
    } catch (err) {
      if (err instanceof AppError) {
        await audit(ctx, spec.name, args, err.code === 'FORBIDDEN' ? 'refused' : 'error').catch((e: unknown) =>
          logger.error({ err: e, tool: spec.name }, 'mcp audit failed'),
        );
        return text(`Error: ${err.message}`, true);
      }
      logger.error({ err, tool: spec.name }, 'mcp tool failed');
      await audit(ctx, spec.name, args, 'error').catch(() => {});
      return text('Error: the server failed to answer this call; it was logged', true);
    }
  };
  server.registerTool(
    spec.name,
    {
      description: spec.description,
      inputSchema: spec.input,
      annotations: { readOnlyHint: !spec.writes, destructiveHint: false, openWorldHint: false },
    },
    handler as never,
  );
}
