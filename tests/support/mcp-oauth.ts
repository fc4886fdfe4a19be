// #63: an MCP client that connects with OAuth, as Claude, Cursor or the MCP inspector do, driven by the real
// @modelcontextprotocol/sdk: its auth() discovers our metadata, registers, sends the person's browser to the consent
// page and exchanges the code with PKCE. The "browser" is a signed-in TestClient that posts the consent form as a
// page without script posts it; every request reaches the route handlers in-process.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { auth, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import crypto from 'node:crypto';
import { env } from '@/lib/env';
import { CLIENT_ADDRESS_HEADER, CLIENT_ADDRESS_PROOF_HEADER, clientAddressProof } from '@/lib/auth/client-address';
import { dispatchRoute, type TestClient } from './client';
import { postForm } from './forms';

export const MCP_URL = () => `${env.appUrl}/mcp`;
export const REDIRECT_URI = 'http://127.0.0.1:33418/callback';

// The agent's machine: one address for this test file (the OAuth endpoints throttle per address).
const AGENT_ADDRESS = `10.200.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

/** The app's route handlers as the SDK's fetch, from the agent's address. */
export function appFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const req = new Request(input, init);
  req.headers.set(CLIENT_ADDRESS_HEADER, AGENT_ADDRESS);
  req.headers.set(CLIENT_ADDRESS_PROOF_HEADER, clientAddressProof());
  return dispatchRoute(req);
}

export type Consent = { orgId: string; access: 'read' | 'write'; decision?: 'allow' | 'deny' };

/** An OAuthClientProvider kept in memory; redirectToAuthorization keeps the URL for the test's browser to open. */
export class TestOAuthProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  saved?: OAuthTokens;
  verifier?: string;
  authorizationUrl?: URL;
  readonly redirectUrl = REDIRECT_URI;
  readonly clientMetadata: OAuthClientMetadata = {
    client_name: 'Test agent',
    redirect_uris: [REDIRECT_URI],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  state = () => 'state-42';
  clientInformation = () => this.client;
  saveClientInformation = (info: OAuthClientInformationMixed) => void (this.client = info);
  tokens = () => this.saved;
  saveTokens = (tokens: OAuthTokens) => void (this.saved = tokens);
  saveCodeVerifier = (v: string) => void (this.verifier = v);
  codeVerifier = () => this.verifier!;
  redirectToAuthorization = (url: URL) => void (this.authorizationUrl = url);
}

/** The consent form as the consent page sends it: the request's parameters, the organization, read or write. */
export function consentFields(authorizationUrl: URL, consent: Consent): Record<string, string> {
  return {
    ...Object.fromEntries(authorizationUrl.searchParams),
    orgId: consent.orgId,
    access: consent.access,
    decision: consent.decision ?? 'allow',
  };
}

/** Runs the whole flow; returns the provider (holding the tokens) and the code's redirect. */
export async function authorizeWithOAuth(browser: TestClient, consent: Consent) {
  const provider = new TestOAuthProvider();
  const first = await auth(provider, { serverUrl: MCP_URL(), fetchFn: appFetch });
  if (first !== 'REDIRECT' || !provider.authorizationUrl) throw new Error(`expected a redirect, got ${first}`);
  const answer = await postForm(browser, '/api/forms/oauth-consent', consentFields(provider.authorizationUrl, consent));
  const location = new URL(answer.headers.get('location') ?? 'http://missing/');
  const code = location.searchParams.get('code');
  if (answer.status !== 303 || !code) throw new Error(`consent refused: ${answer.status} ${location}`);
  const second = await auth(provider, { serverUrl: MCP_URL(), authorizationCode: code, fetchFn: appFetch });
  if (second !== 'AUTHORIZED') throw new Error(`expected AUTHORIZED, got ${second}`);
  return { provider, location };
}

const open: Client[] = [];

/** An MCP client connected with the provider's OAuth tokens. */
export async function connectWithOAuth(provider: OAuthClientProvider): Promise<Client> {
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL()), { authProvider: provider, fetch: appFetch });
  const client = new Client({ name: 'mcp-oauth-test', version: '1.0.0' });
  await client.connect(transport);
  open.push(client);
  return client;
}

export async function closeOAuthClients(): Promise<void> {
  for (const c of open.splice(0)) await c.close().catch(() => {});
}
