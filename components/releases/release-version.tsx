import { Fragment } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * A release version that never breaks inside a word ("web-/shop@1.4.3" was): on one line, cut with an ellipsis when
 * it does not fit, its full text in the title; or, with `wrap`, broken only after its `@` and `/`. `before` and
 * `after` (brackets) stay on the line of the version's first and last part.
 */
export function ReleaseVersion({
  version,
  wrap = false,
  before = '',
  after = '',
  className,
}: {
  version: string;
  wrap?: boolean;
  before?: string;
  after?: string;
  className?: string;
}) {
  if (!wrap) {
    return (
      <span title={version} className={cn('block truncate whitespace-nowrap', className)} data-testid="release-version">
        {before}
        {version}
        {after}
      </span>
    );
  }
  const parts = version.split(/(?<=[@/])/);
  return (
    <span
      title={version}
      className={cn('inline-block max-w-full align-bottom', className)}
      data-testid="release-version"
    >
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span className="inline-block max-w-full truncate whitespace-nowrap align-bottom">
            {i === 0 && before}
            {part}
            {i === parts.length - 1 && after}
          </span>
        </Fragment>
      ))}
    </span>
  );
}
