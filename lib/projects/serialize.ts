import { env } from '@/lib/env';

type KeyRow = {
  id: string;
  projectId: string;
  label: string;
  publicKey: string;
  enabled: boolean;
  rateLimitPerMinute?: number | null;
  createdAt: Date;
};
type ProjectRow = {
  id: string;
  orgId: string;
  name: string;
  slug: string;
  platform: string;
  number: number;
  notifyFeedback?: boolean;
  createdAt: Date;
  updatedAt: Date;
};

/** `<scheme>://<publicKey>@<host>/<projectId>`, from APP_URL. */
export function dsnFor(publicKey: string, projectPath: string | number): string {
  const u = new URL(env.appUrl);
  return `${u.protocol}//${publicKey}@${u.host}/${projectPath}`;
}

/** `projectNumber` is the project's numeric id, the last DSN segment Sentry SDKs need. */
export function serializeKey(k: KeyRow, projectNumber: number) {
  return {
    id: k.id,
    projectId: k.projectId,
    label: k.label,
    publicKey: k.publicKey,
    enabled: k.enabled,
    // Beyond the spec (#30): the key's own rate limit in events a minute; null is the server's default.
    rateLimitPerMinute: k.rateLimitPerMinute ?? null,
    dsn: dsnFor(k.publicKey, k.projectId),
    sentryDsn: dsnFor(k.publicKey, projectNumber),
    createdAt: k.createdAt.toISOString(),
  };
}

export function serializeProject(p: ProjectRow & { keys?: KeyRow[] }) {
  return {
    id: p.id,
    orgId: p.orgId,
    name: p.name,
    slug: p.slug,
    platform: p.platform,
    number: p.number,
    ...(p.notifyFeedback !== undefined ? { notifyFeedback: p.notifyFeedback } : {}),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
    ...(p.keys ? { keys: p.keys.map((k) => serializeKey(k, p.number)) } : {}),
  };
}
