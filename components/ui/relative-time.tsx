import { exactTime, formatRelative } from '@/lib/text/date-format';

/** "5 min. ago", with the exact time (ISO 8601, UTC) on hover and in the `datetime` attribute. */
export function RelativeTime({ iso, className }: { iso: string; className?: string }) {
  const exact = exactTime(iso);
  return (
    <time dateTime={exact} title={exact} className={className}>
      {formatRelative(iso)}
    </time>
  );
}
