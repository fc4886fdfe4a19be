// Certificate reports, read as Sentry read them (Relay's ExpectCt, ExpectStaple and Hpkp interfaces): Expect-CT
// (`{"expect-ct-report": …}`), Expect-Staple (`{"expect-staple-report": …}`) and HTTP Public Key Pinning (the report's
// fields at the top level, `known-pins` among them). Each is titled and grouped by the host it failed for.
import type { FieldIssue } from '@/lib/errors';
import type { JsonObject } from '@/lib/envelope/parse-envelope';
import { MAX_TAG_LENGTH, cut } from '@/lib/envelope/schemas';
import { readFields, textField, type FieldSpec, type ReportRead } from './fields';

export type CertificateType = 'expect-ct' | 'expect-staple' | 'hpkp';

const spec = (out: string, kind: FieldSpec['kind']): FieldSpec => ({
  out,
  names: [out.replace(/_/g, '-'), out],
  kind,
});

const COMMON: readonly FieldSpec[] = [
  spec('date_time', 'text'),
  spec('hostname', 'text'),
  spec('port', 'uint'),
  spec('effective_expiration_date', 'text'),
  spec('served_certificate_chain', 'texts'),
  spec('validated_certificate_chain', 'texts'),
];

const FIELDS: Record<CertificateType, readonly FieldSpec[]> = {
  'expect-ct': [
    ...COMMON,
    spec('scheme', 'text'),
    spec('scts', 'objects'),
    spec('failure_mode', 'text'),
    spec('test_report', 'bool'),
  ],
  'expect-staple': [
    ...COMMON,
    spec('response_status', 'text'),
    spec('cert_status', 'text'),
    spec('ocsp_response', 'long'),
  ],
  hpkp: [...COMMON, spec('include_subdomains', 'bool'), spec('noted_hostname', 'text'), spec('known_pins', 'texts')],
};

const MESSAGE: Record<CertificateType, (host: string) => string> = {
  'expect-ct': (host) => `Expect-CT failed for '${host}'`,
  'expect-staple': (host) => `Expect-Staple failed for '${host}'`,
  hpkp: (host) => `Public key pinning validation failed for '${host}'`,
};

/** A certificate report's fields (`raw`, found at `path`), or why it cannot be read: it must name its host. */
export function readCertificateReport(
  type: CertificateType,
  raw: JsonObject,
  path: (string | number)[],
): ReportRead | FieldIssue[] {
  const { fields, issues } = readFields(raw, FIELDS[type], path);
  if (issues.length > 0) return issues;
  const hostname = textField(fields, 'hostname')?.trim();
  if (!hostname) return [{ path: [...path, 'hostname'], message: 'A certificate report must name its hostname' }];
  const tags: Record<string, string> = { hostname: cut(hostname, MAX_TAG_LENGTH) };
  if (typeof fields.port === 'number') tags.port = String(fields.port);
  if (typeof fields.include_subdomains === 'boolean') tags['include-subdomains'] = String(fields.include_subdomains);
  return {
    report: fields,
    message: MESSAGE[type](hostname),
    culprit: hostname,
    fingerprint: [type, hostname],
    tags,
  };
}
