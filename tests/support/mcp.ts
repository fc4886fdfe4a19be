// The MCP client's fetch, answered by the /mcp route handlers themselves (no server to start), as Next would call them.
import * as mcpRoute from '@/app/mcp/route';

export async function mcpFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  const handler = mcpRoute[req.method as 'POST' | 'GET' | 'DELETE'];
  if (!handler) return new Response(null, { status: 405 });
  return handler(req);
}
