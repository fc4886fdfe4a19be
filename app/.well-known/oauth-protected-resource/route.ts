import { metadataEndpoint, oauthPreflight } from '@/lib/oauth/http';
import { protectedResourceMetadata } from '@/lib/oauth/config';

// RFC 9728 metadata of the MCP server (docs/mcp.md), also at the path-suffixed /mcp form beside this one.
export const GET = metadataEndpoint(protectedResourceMetadata);
export const OPTIONS = oauthPreflight;
