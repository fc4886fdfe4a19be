'use client';

import { cn } from '@/components/ui/cn';
import { VITAL_THRESHOLDS } from '@/lib/performance/rating';
import { platformOf } from '@/lib/projects/platforms';
import type { VitalName, VitalRating, WebVitals } from '@/lib/zod/performance';
import { formatCount, formatVital } from './format';
import { Skeleton } from '@/components/ui/states';

const VITALS: { name: VitalName; abbr: string; title: string }[] = [
  { name: 'lcp', abbr: 'LCP', title: 'Largest Contentful Paint' },
  { name: 'fcp', abbr: 'FCP', title: 'First Contentful Paint' },
  { name: 'ttfb', abbr: 'TTFB', title: 'Time to First Byte' },
  { name: 'cls', abbr: 'CLS', title: 'Cumulative Layout Shift' },
];

const RATINGS: Record<VitalRating, { label: string; icon: string; card: string; badge: string }> = {
  good: {
    label: 'Good',
    icon: '✓',
    card: 'border-success-line',
    badge: 'bg-success-soft text-success-fg ring-success-line',
  },
  'needs-improvement': {
    label: 'Needs improvement',
    icon: '!',
    card: 'border-warning-line',
    badge: 'bg-warning-soft text-warning-fg ring-warning-line',
  },
  poor: {
    label: 'Poor',
    icon: '✕',
    card: 'border-danger-line',
    badge: 'bg-danger-soft text-danger-fg ring-danger-line',
  },
};

/** Loaded, and not one sample of any vital: the four cards would all be empty. */
export const withoutVitals = (data: WebVitals | undefined) =>
  data !== undefined && Object.values(data.vitals).every((v) => v === null);

/** Whether a project's platform runs in the browser (where Web Vitals come from); unknown until it loads. */
export const browserPlatform = (platform: string | undefined) =>
  platform === undefined ? undefined : platformOf(platform).group === 'Browser';

/**
 * In place of four empty cards: where Web Vitals come from, and for a project whose platform has none (a server, a
 * mobile app) what its SDK measures instead.
 */
export function NoVitals({ platform, range }: { platform: string | undefined; range: string }) {
  const p = platform === undefined ? undefined : platformOf(platform);
  const code = 'rounded bg-surface-hover px-1 py-0.5 font-mono text-[13px]';
  return (
    <div className="rounded-xl border border-dashed border-line bg-surface p-4 text-sm" data-testid="vitals-none">
      <p className="text-fg-secondary">
        Web Vitals (LCP, FCP, TTFB, CLS) come from browser SDKs (<code className={code}>@sentry/browser</code> with{' '}
        <code className={code}>browserTracingIntegration</code>) — this project has sent none in {range}.
      </p>
      {p?.group === 'Browser' ? (
        <p className="mt-2 text-fg-secondary">
          Add <code className={code}>Sentry.browserTracingIntegration()</code> to the integrations of{' '}
          <code className={code}>Sentry.init</code>, with a <code className={code}>tracesSampleRate</code> above 0: each
          page load then reports them.
        </p>
      ) : p && p.group !== 'Other' ? (
        <p className="mt-2 text-fg-secondary">
          A {p.label} project measures what its code does instead: the transactions&apos; durations, throughput and
          spans on this page.
        </p>
      ) : null}
    </div>
  );
}

/** The four web vitals, each with its p75, rating (colour and words) and sample count. */
export function VitalsCards({ data }: { data: WebVitals | undefined }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-label="Web vitals">
      {VITALS.map(({ name, abbr, title }) => {
        const vital = data?.vitals[name];
        const rating = vital ? RATINGS[vital.rating] : null;
        const [good, poor] = VITAL_THRESHOLDS[name];
        return (
          <li
            key={name}
            data-testid={`vital-${name}`}
            className={cn(
              'flex flex-col rounded-xl border-2 bg-surface p-5 shadow-sm',
              rating ? rating.card : 'border-line',
            )}
          >
            <h3 className="text-sm font-semibold">
              <abbr title={title} className="no-underline">
                {abbr}
              </abbr>
              <span className="block text-xs font-normal text-fg-muted">{title}</span>
            </h3>
            {!data ? (
              <Skeleton className="mt-4 h-8 w-24" />
            ) : vital && rating ? (
              <>
                <p className="mt-3 text-3xl font-semibold tabular-nums" data-testid="vital-p75">
                  {formatVital(name, vital.p75)}
                </p>
                <div className="mt-2 flex flex-wrap items-center gap-2">
                  <span
                    className={cn(
                      'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
                      rating.badge,
                    )}
                  >
                    <span aria-hidden="true">{rating.icon}</span>
                    <span data-testid="vital-rating">{rating.label}</span>
                  </span>
                  <span className="text-xs text-fg-muted">
                    p75 of {formatCount(vital.samples)} {vital.samples === 1 ? 'sample' : 'samples'}
                  </span>
                </div>
              </>
            ) : (
              <p className="mt-3 text-sm text-fg-muted" data-testid="vital-empty">
                No samples in this range
              </p>
            )}
            <p className="mt-auto pt-4 text-xs text-fg-muted">
              Good ≤ {formatVital(name, good)} · Poor &gt; {formatVital(name, poor)}
            </p>
          </li>
        );
      })}
    </ul>
  );
}
