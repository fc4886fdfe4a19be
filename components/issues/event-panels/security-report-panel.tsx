import { KeyValueList, presentRows } from '@/components/ui/key-value-list';
import { SectionCard } from '@/components/ui/section-card';
import type { EventParts } from './event-parts';

const TITLES: Record<string, string> = {
  csp: 'CSP report',
  'expect-ct': 'Expect-CT report',
  'expect-staple': 'Expect-Staple report',
  hpkp: 'HPKP report',
};

// The report's fields in the words (and the order) of the specs that define them; a field we do not name shows under
// its own key.
const LABELS: Record<string, string> = {
  effective_directive: 'Effective directive',
  violated_directive: 'Violated directive',
  blocked_uri: 'Blocked URI',
  document_uri: 'Document URI',
  referrer: 'Referrer',
  source_file: 'Source file',
  line_number: 'Line',
  column_number: 'Column',
  script_sample: 'Sample',
  status_code: 'Status code',
  disposition: 'Disposition',
  original_policy: 'Original policy',
  hostname: 'Hostname',
  port: 'Port',
  date_time: 'Date',
  effective_expiration_date: 'Effective expiration date',
  include_subdomains: 'Include subdomains',
  noted_hostname: 'Noted hostname',
  known_pins: 'Known pins',
  scheme: 'Scheme',
  scts: 'SCTs',
  failure_mode: 'Failure mode',
  test_report: 'Test report',
  response_status: 'Response status',
  cert_status: 'Certificate status',
  ocsp_response: 'OCSP response',
  served_certificate_chain: 'Served certificate chain',
  validated_certificate_chain: 'Validated certificate chain',
};

const shown = (v: unknown) =>
  typeof v === 'string' ? v : v === null || v === undefined ? undefined : JSON.stringify(v, null, 2);

/** The browser security report (CSP violation, Expect-CT, Expect-Staple, HPKP) the event was read from, field by field. */
export function SecurityReportPanel({ security }: { security: EventParts['security'] }) {
  if (!security) return null;
  // In the specs' order (the database keeps a report's keys in an order of its own), then any field we do not name.
  const known = Object.keys(LABELS).filter((k) => Object.hasOwn(security.report, k));
  const others = Object.keys(security.report).filter((k) => !Object.hasOwn(LABELS, k));
  const rows = presentRows([...known, ...others].map((k) => [LABELS[k] ?? k, shown(security.report[k])]));
  if (rows.length === 0) return null;
  return (
    <SectionCard title={TITLES[security.type] ?? 'Security report'}>
      <div data-testid="security-report">
        <KeyValueList rows={rows} />
      </div>
    </SectionCard>
  );
}
