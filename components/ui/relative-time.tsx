import { exactTime, formatDateTime, formatRelative } from '@/lib/text/date-format';

/** "5 min. ago", with the exact time (`2026-11-23 14:05:09 UTC`) on hover and as ISO 8601 in `datetime`. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  return (
    <time dateTime={exactTime(iso)} title={formatDateTime(iso, { precision: 'second' })} className={className}>
      {formatRelative(iso)}
    </time>
  );
}
