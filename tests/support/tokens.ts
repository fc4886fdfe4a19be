import { TestClient, type ApiResponse, type RequestOptions } from './client';

/** A client that sends `Authorization: Bearer <token>` and no cookie, like a CI job. */
export class TokenClient extends TestClient {
  constructor(readonly token: string) {
    super();
  }
  override request<T = any>(method: string, pathname: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
    return super.request<T>(method, pathname, {
      ...opts,
      headers: { authorization: `Bearer ${this.token}`, ...opts.headers },
    });
  }
}

export async function createToken(
  admin: TestClient,
  scopes: string[],
  name = 'ci',
): Promise<{ id: string; token: string }> {
  const res = await admin.post('/api/v1/organization/tokens', { name, scopes });
  if (res.status !== 201) throw new Error(`token create failed: ${res.status} ${res.text}`);
  return { id: res.body.data.id, token: res.body.data.token };
}
