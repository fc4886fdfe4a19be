import { exactTime, formatDateTime, type Precision } from '@/lib/text/date-format';

/**
 * An absolute time as the dashboard writes it (`2026-12-02 14:05 UTC`, lib/text/date-format.ts), ISO 8601 in
 * `datetime`; `zone={false}` in a list whose header names the zone.
 */
export function DateTime({
  iso,
  precision,
  zone,
  className,
  testId,
}: {
  iso: string;
  precision?: Precision;
  zone?: boolean;
  className?: string;
  testId?: string;
}) {
  return (
    <time dateTime={exactTime(iso)} className={className} data-testid={testId}>
      {formatDateTime(iso, { precision, zone })}
    </time>
  );
}
