import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';
import { cn } from '@/components/ui/cn';

/**
 * A chart as a figure: drawn for the eye (the picture is one image to screen readers, named by `summary`), with
 * the same summary as its caption, so the numbers are readable without the picture.
 */
export function ChartFigure({
  summary,
  testId,
  height,
  children,
}: {
  summary: string;
  testId: string;
  /** The drawing's height class (`h-40`). */
  height: string;
  children: ReactElement;
}) {
  return (
    <figure className="m-0" data-testid={testId}>
      <div role="img" aria-label={summary} className={cn(height, 'w-full')}>
        <ResponsiveContainer width="100%" height="100%">
          {children}
        </ResponsiveContainer>
      </div>
      <figcaption className="mt-1 text-xs text-fg-muted">{summary}</figcaption>
    </figure>
  );
}
