import { metadataEndpoint, oauthPreflight } from '@/lib/oauth/http';
import { protectedResourceMetadata } from '@/lib/oauth/config';

// RFC 9728 metadata of /mcp at its path-suffixed address, the one an MCP client asks first (docs/mcp.md).
export const GET = metadataEndpoint(protectedResourceMetadata);
export const OPTIONS = oauthPreflight;
