// The MCP client of @modelcontextprotocol/sdk against the /mcp route handlers themselves (no server to start), as
// Next would call them: its fetch, a connected client for a token, and a tool call's text.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import * as mcpRoute from '@/app/mcp/route';

export async function mcpFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  const handler = mcpRoute[req.method as 'POST' | 'GET' | 'DELETE'];
  if (!handler) return new Response(null, { status: 405 });
  return handler(req);
}

const open: Client[] = [];

/** A client connected with the token as bearer token (none: no Authorization header). */
export async function connectMcp(token: string | null): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL('http://localhost/mcp'), {
    fetch: mcpFetch,
    requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : undefined,
  });
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  await client.connect(transport);
  open.push(client);
  return client;
}

export async function closeMcpClients(): Promise<void> {
  for (const c of open.splice(0)) await c.close().catch(() => {});
}

/** A tool call's answer: whether it is a tool error, and its text. */
export async function callTool(client: Client, name: string, args: Record<string, unknown>) {
  const res = await client.callTool({ name, arguments: args });
  const content = res.content as { type: string; text: string }[];
  return { isError: res.isError === true, text: content.map((c) => c.text).join('\n') };
}
