import { handleMcp } from '@/lib/mcp/http';

// The MCP server for coding agents (docs/mcp.md): Streamable HTTP, stateless, an API token as bearer token.
export const POST = handleMcp;
export const GET = handleMcp;
export const DELETE = handleMcp;
