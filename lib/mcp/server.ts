// The MCP server a coding agent talks to (docs/mcp.md): one per request (stateless Streamable HTTP), holding the
// calling token's context, with every tool group registered on it.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { APP_VERSION } from '@/lib/version/app-version';
import type { McpContext } from './context';
import { registerIssueTools } from './issue-tools';
import { registerProfileTools } from './profile-tools';
import { registerReplayTools } from './replay-tools';
import { registerSearchTools } from './search-tools';
import { registerWriteTools } from './write-tools';

const INSTRUCTIONS =
  'Tracker, an error tracker. Find issues with find_issues (dashboard search syntax), read one with get_issue ' +
  '(stack trace most recent call last, with source lines), search events, spans and log lines, read a trace, a ' +
  'replay or the slowest profiled functions; with a write-scoped token resolve, assign and comment. Issues are ' +
  'named by short id (e.g. SHOP-1A).';

export function buildMcpServer(ctx: McpContext): McpServer {
  const server = new McpServer({ name: 'tracker', version: APP_VERSION }, { instructions: INSTRUCTIONS });
  registerIssueTools(server, ctx);
  registerSearchTools(server, ctx);
  registerReplayTools(server, ctx);
  registerProfileTools(server, ctx);
  registerWriteTools(server, ctx);
  return server;
}
