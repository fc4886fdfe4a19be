'use client';

import { TextLink } from '@/components/ui/text-link';

/**
 * A figure of an Insights page as a link to Explore with the query that computes it (#62); `what` says what it
 * is for screen readers and the tooltip ("p95 of SELECT … in Explore").
 */
export function ExploreNumber({
  href,
  value,
  what,
  inText = false,
}: {
  href: string;
  value: string;
  what: string;
  /** Inside a sentence: underlined, so it does not stand out by colour alone. */
  inText?: boolean;
}) {
  return (
    <TextLink
      href={href}
      title={`${what} in Explore`}
      aria-label={`${value}: ${what} in Explore`}
      className={inText ? 'font-normal underline' : 'font-normal whitespace-nowrap'}
    >
      {value}
    </TextLink>
  );
}

/** A sample span's place in its trace view. */
export const traceHref = (projectId: string, s: { traceId: string; spanId: string }) =>
  `/traces/${s.traceId}#span-${projectId}-${s.spanId}`;
