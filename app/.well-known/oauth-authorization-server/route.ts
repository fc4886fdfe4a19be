import { metadataEndpoint, oauthPreflight } from '@/lib/oauth/http';
import { authorizationServerMetadata } from '@/lib/oauth/config';

// RFC 8414 metadata of the MCP server's authorization server (docs/mcp.md).
export const GET = metadataEndpoint(authorizationServerMetadata);
export const OPTIONS = oauthPreflight;
