// Sentry's security endpoint (#58, `/api/<number>/security/` and the older `/csp-report/`): the browser's reports,
// each read into the error event Sentry makes of it (lib/envelope/security) and handed to the events kind like an
// envelope's event, so it is scrubbed, filtered, rate-limited per report, counted against the quota and grouped like
// one; its outcomes are counted in the `security` category. Each report stands alone, as an envelope's items do.
import type { FieldIssue } from '@/lib/errors';
import {
  isSecurityContentType,
  readSecurityReports,
  SECURITY_CONTENT_TYPES,
} from '@/lib/envelope/security/read-reports';
import type { IngestUnit } from '@/lib/envelope/validate-envelope';
import { events, securityUnit } from '@/lib/ingest/items/events';
import { batchOf } from '@/lib/ingest/items/store-items';
import { validationReason, type Category } from '@/lib/outcomes/categories';
import type { PreparedItems } from './prepare-items';

export const SECURITY_CATEGORY: Category = 'security';

export const UNSUPPORTED_SECURITY_CONTENT_TYPE = `Unsupported Content-Type for a security report: send one of ${SECURITY_CONTENT_TYPES.join(', ')}`;

/** Whether a request's Content-Type is one browsers send security reports as. */
export const acceptsSecurityContentType = (headers: Record<string, string | undefined>) =>
  isSecurityContentType(headers['content-type']);

/** The reports of a security endpoint's body (decoded) as a batch for storeItems, or why none can be read. */
export function prepareSecurity(
  body: Buffer,
  req: { headers: Record<string, string | undefined>; searchParams: URLSearchParams },
): PreparedItems {
  const read = readSecurityReports(body, {
    userAgent: req.headers['user-agent'],
    environment: req.searchParams.get('sentry_environment') ?? undefined,
    release: req.searchParams.get('sentry_release') ?? undefined,
  });
  if (!read.ok) return { ok: false, issues: read.issues, category: SECURITY_CATEGORY };
  const units: IngestUnit[] = [];
  const refused: FieldIssue[][] = [...read.refused];
  for (const report of read.reports) {
    const unit = securityUnit(report);
    if (Array.isArray(unit)) refused.push(unit);
    else units.push(unit);
  }
  // Nothing but refused reports: the answer says why, and each of them is counted.
  if (units.length === 0 && read.unsupported === 0)
    return { ok: false, issues: refused.flat(), category: SECURITY_CATEGORY, quantity: refused.length };
  const batch = batchOf(events, units);
  for (const issues of refused)
    batch.refused.push({ category: SECURITY_CATEGORY, reason: validationReason(issues[0]?.path ?? []), quantity: 1 });
  return {
    ok: true,
    batch,
    units,
    eventId: undefined,
    envelopeHeader: {},
    unsupported: new Array<Category>(read.unsupported).fill(SECURITY_CATEGORY),
    discards: [],
    otherBytes: body.length,
    // Reports carry no attachments.
    eventRefused: false,
  };
}
