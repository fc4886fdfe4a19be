'use client';

import Link from 'next/link';
import { Fragment, useEffect } from 'react';
import { cn } from './cn';
import { useSidewaysOverflow } from './use-overflow';

/** Tabs that switch what one part of the page shows (state, not the URL); `label` names the tab list. */
export function Tabs<T extends string>({
  label,
  tabs,
  current,
  onChange,
}: {
  label: string;
  tabs: { value: T; label: string }[];
  current: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="tablist" aria-label={label} className="flex gap-1">
      {tabs.map((t) => (
        <button
          key={t.value}
          role="tab"
          type="button"
          aria-selected={current === t.value}
          onClick={() => onChange(t.value)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium',
            current === t.value ? 'bg-surface-hover text-fg' : 'text-fg-secondary hover:text-fg',
          )}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}

/** A tab; `section` names the group it starts (a heading in the side list, a rule in the row). */
export type NavTab = { href: string; label: string; active: boolean; section?: string };

/**
 * Links between pages (the project's sections, the settings pages) in ONE row that scrolls sideways when it is wider
 * than the screen (#60: four wrapped rows took 240 px of a phone): the current one is `aria-current="page"` and is
 * scrolled into view; a fade and an arrow mark the side where more tabs are hidden. `side` turns the row into a
 * list down the side from the `lg` width (the settings pages).
 */
export function NavTabs({
  label,
  links,
  side = false,
  onCanvas = side,
}: {
  label: string;
  links: NavTab[];
  side?: boolean;
  /** The row lies on the page's canvas (not the header's surface): its fades take that colour. */
  onCanvas?: boolean;
}) {
  const { box, left, right } = useSidewaysOverflow<HTMLElement>();
  const current = links.find((l) => l.active)?.href;

  useEffect(() => {
    const nav = box.current;
    const link = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !link || nav.scrollWidth <= nav.clientWidth) return;
    // The row alone scrolls (scrollIntoView could move the page too): the current tab in the middle.
    nav.scrollTo({ left: link.offsetLeft - (nav.clientWidth - link.offsetWidth) / 2 });
  }, [box, current]);

  const nudge = (direction: 1 | -1) =>
    box.current?.scrollBy({ left: direction * box.current.clientWidth * 0.6, behavior: 'smooth' });

  return (
    <div className={cn('relative', side && 'lg:static')}>
      <nav
        ref={box}
        aria-label={label}
        data-testid={`nav-${label.toLowerCase()}`}
        className={cn(
          '-mb-px flex gap-x-1 overflow-x-auto [scrollbar-width:none] [&::-webkit-scrollbar]:hidden',
          side && 'lg:mb-0 lg:flex-col lg:gap-y-0.5 lg:overflow-visible',
        )}
      >
        {links.map(({ href, label, active, section }, i) => (
          <Fragment key={label}>
            {side && section && (
              <span
                aria-hidden="true"
                className={cn(
                  'shrink-0 self-center lg:self-auto',
                  i > 0 && 'mx-1 h-5 border-l border-line lg:mx-0 lg:h-auto lg:border-l-0',
                  'lg:px-3 lg:pb-1 lg:text-xs lg:font-semibold lg:tracking-wide lg:text-fg-muted lg:uppercase',
                  i > 0 && 'lg:mt-4',
                )}
              >
                <span className="hidden lg:inline">{section}</span>
              </span>
            )}
            <Link
              href={href}
              aria-current={active ? 'page' : undefined}
              className={cn(
                'shrink-0 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
                'focus-visible:rounded-sm focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus',
                active ? 'border-fg text-fg' : 'border-transparent text-fg-muted hover:text-fg',
                side && 'lg:rounded-md lg:border-b-0 lg:py-2',
                side && active && 'lg:bg-surface-hover',
              )}
            >
              {label}
            </Link>
          </Fragment>
        ))}
      </nav>
      {left && <ScrollArrow direction={-1} label={label} onClick={() => nudge(-1)} side={side} onCanvas={onCanvas} />}
      {right && <ScrollArrow direction={1} label={label} onClick={() => nudge(1)} side={side} onCanvas={onCanvas} />}
    </div>
  );
}

/** The fade over a row's hidden end, with an arrow that scrolls it (for a mouse: touch swipes, keys tab along). */
function ScrollArrow({
  direction,
  label,
  onClick,
  side,
  onCanvas,
}: {
  direction: 1 | -1;
  label: string;
  onClick: () => void;
  side: boolean;
  onCanvas: boolean;
}) {
  return (
    // Hidden from screen readers and the tab order, who reach every tab anyway.
    <div
      aria-hidden="true"
      className={cn(
        'pointer-events-none absolute inset-y-0 flex w-12 items-center from-40% to-transparent',
        direction === 1 ? 'right-0 justify-end bg-linear-to-l' : 'left-0 justify-start bg-linear-to-r',
        onCanvas ? 'from-canvas' : 'from-surface',
        side && 'lg:hidden',
      )}
      data-testid={direction === 1 ? 'nav-more-right' : 'nav-more-left'}
    >
      <button
        type="button"
        tabIndex={-1}
        title={`More ${label.toLowerCase()} tabs`}
        onClick={onClick}
        className="pointer-events-auto flex size-7 items-center justify-center rounded-full text-fg-muted hover:bg-surface-hover hover:text-fg"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path
            d={
              direction === 1
                ? 'M7.21 14.77a.75.75 0 0 1 .02-1.06L11.17 10 7.23 6.29a.75.75 0 1 1 1.04-1.08l4.5 4.25a.75.75 0 0 1 0 1.08l-4.5 4.25a.75.75 0 0 1-1.06-.02z'
                : 'M12.79 5.23a.75.75 0 0 1-.02 1.06L8.83 10l3.94 3.71a.75.75 0 1 1-1.04 1.08l-4.5-4.25a.75.75 0 0 1 0-1.08l4.5-4.25a.75.75 0 0 1 1.06.02z'
            }
          />
        </svg>
      </button>
    </div>
  );
}
