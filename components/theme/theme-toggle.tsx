'use client';

import { useSyncExternalStore } from 'react';
import { cn } from '@/components/ui/cn';
import { THEME_KEY } from './theme-script';

type Theme = 'system' | 'light' | 'dark';
const NEXT: Record<Theme, Theme> = { system: 'dark', dark: 'light', light: 'system' };
const LABEL: Record<Theme, string> = { system: 'System', light: 'Light', dark: 'Dark' };
function apply(theme: Theme) {
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.theme;
  else root.dataset.theme = theme;
  try {
    if (theme === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage blocked (private mode): the choice lasts for this page only.
  }
}

// The choice is the <html data-theme> the theme script set before the first paint; the server renders 'system'.
function chosenTheme(): Theme {
  const t = document.documentElement.dataset.theme;
  return t === 'light' || t === 'dark' ? t : 'system';
}
function onThemeChange(changed: () => void) {
  const observer = new MutationObserver(changed);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/** Cycles system → dark → light; the current choice is in the label, not the icon alone. */
export function ThemeToggle({ className }: { className?: string }) {
  const theme = useSyncExternalStore(onThemeChange, chosenTheme, () => 'system' as const);

  return (
    <button
      type="button"
      onClick={() => {
        apply(NEXT[theme]);
      }}
      aria-label={`Theme: ${LABEL[theme]}. Switch to ${LABEL[NEXT[theme]]}`}
      title={`Theme: ${LABEL[theme]}`}
      className={cn(
        'inline-flex size-9 shrink-0 items-center justify-center rounded-md border border-line-strong bg-surface text-fg-secondary hover:bg-surface-hover',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus',
        className,
      )}
      data-testid="theme-toggle"
      data-theme-choice={theme}
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
        {theme === 'dark' ? (
          <path d="M17.3 12.9A7.5 7.5 0 0 1 7.1 2.7a7.5 7.5 0 1 0 10.2 10.2z" />
        ) : theme === 'light' ? (
          <path d="M10 6a4 4 0 1 0 0 8 4 4 0 0 0 0-8zm0-5a.75.75 0 0 1 .75.75v1.5a.75.75 0 0 1-1.5 0v-1.5A.75.75 0 0 1 10 1zm0 15a.75.75 0 0 1 .75.75v1.5a.75.75 0 0 1-1.5 0v-1.5A.75.75 0 0 1 10 16zm9-6a.75.75 0 0 1-.75.75h-1.5a.75.75 0 0 1 0-1.5h1.5A.75.75 0 0 1 19 10zM4 10a.75.75 0 0 1-.75.75h-1.5a.75.75 0 0 1 0-1.5h1.5A.75.75 0 0 1 4 10z" />
        ) : (
          <>
            <circle cx="10" cy="10" r="7.25" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <path d="M10 2.75a7.25 7.25 0 0 0 0 14.5V2.75z" />
          </>
        )}
      </svg>
    </button>
  );
}
