'use client';

import Link from 'next/link';
import { cn } from './cn';

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

/** A row of underlined links between pages (the project's sections); the current one is `aria-current="page"`. */
export function NavTabs({
  label,
  links,
}: {
  label: string;
  links: { href: string; label: string; active: boolean }[];
}) {
  return (
    // Wraps onto a second row on phones rather than scrolling: every tab stays in sight (Billing was off-screen at 375 px).
    <nav aria-label={label} className="-mb-px flex flex-wrap gap-x-1">
      {links.map(({ href, label, active }) => (
        <Link
          key={label}
          href={href}
          aria-current={active ? 'page' : undefined}
          className={cn(
            'border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
            'focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-focus',
            active ? 'border-fg text-fg' : 'border-transparent text-fg-muted hover:text-fg',
          )}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
