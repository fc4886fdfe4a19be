import { useId, type ReactNode } from 'react';

/**
 * A titled part of a page, named by its heading for screen readers; `note` follows the title in small grey type
 * ("(75th percentile)").
 */
export function PageSection({
  title,
  note,
  id,
  busy,
  className,
  children,
}: {
  title: ReactNode;
  note?: ReactNode;
  id?: string;
  busy?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section id={id} aria-labelledby={headingId} aria-busy={busy} className={className}>
      <h2 id={headingId} className="mb-3 text-lg font-semibold">
        {title}
        {note && (
          <>
            {' '}
            <span className="text-sm font-normal text-fg-muted">{note}</span>
          </>
        )}
      </h2>
      {children}
    </section>
  );
}
