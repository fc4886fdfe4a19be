export interface Dsn {
  protocol: 'http' | 'https';
  publicKey: string;
  host: string;
  projectId: string;
  /** `<scheme>://<host>/api/v1/ingest/<projectId>/envelope` */
  ingestUrl: string;
}

// scheme://publicKey[:ignored]@host[:port]/projectId[/]
const DSN_RE =
  /^(https?):\/\/([^:@/\s]+)(?::[^@/\s]*)?@([A-Za-z0-9.\-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?\/([A-Za-z0-9_-]+)\/?$/;

/** Parses a DSN; returns null when it is not valid. Never throws. */
export function parseDsn(dsn: unknown): Dsn | null {
  if (typeof dsn !== 'string') return null;
  const m = DSN_RE.exec(dsn.trim());
  if (!m) return null;
  const protocol = m[1] as 'http' | 'https';
  const host = m[3] + (m[4] ? ':' + m[4] : '');
  const projectId = m[5];
  return {
    protocol,
    publicKey: m[2],
    host,
    projectId,
    ingestUrl: protocol + '://' + host + '/api/v1/ingest/' + projectId + '/envelope',
  };
}
