'use client';

import Link from 'next/link';
import { useId, useRef, useState } from 'react';
import { menuPanel, switcherLink, useDismiss } from '@/components/ui/switcher';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { LogoutButton } from './logout-button';
import { SETTINGS_PAGES } from './settings-pages';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('') || '?';

/**
 * The signed-in person's menu: their name and email, their own settings (Account, Security, Notifications) and, on
 * a phone, where the header has no room for them, the theme and Log out. Wide: their name; phone: their initials.
 */
/** Who is signed in, as the header shows them. */
export type ShellUser = { name: string; email: string };

export function UserMenu({ user }: { user: ShellUser }) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  useDismiss(root, open, setOpen);
  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen(!open)}
        aria-label={`Account: ${user.name}`}
        title={`${user.email}: your settings`}
        data-testid="user-menu"
        className="flex items-center gap-1.5 rounded-md text-sm text-fg-muted hover:text-fg focus-visible:outline-2 focus-visible:outline-focus sm:px-1 sm:py-1"
      >
        <span
          aria-hidden="true"
          className="flex size-8 items-center justify-center rounded-full bg-surface-hover text-xs font-semibold text-fg-secondary sm:hidden"
        >
          {initials(user.name)}
        </span>
        <span className="hidden max-w-40 truncate sm:inline">
          <span className="hidden lg:inline">{user.name}</span>
          <span className="lg:hidden">Account</span>
        </span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="hidden size-4 shrink-0 sm:block" fill="currentColor">
          <path d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.17l3.71-3.94a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06z" />
        </svg>
      </button>
      {open && (
        <div id={menuId} className={`${menuPanel} right-0`} data-testid="user-menu-panel">
          <div className="px-3 py-2">
            <p className="truncate text-sm font-medium">{user.name}</p>
            <p className="truncate text-xs text-fg-muted">{user.email}</p>
          </div>
          <nav aria-label="Your settings" className="border-t border-line pt-1">
            {SETTINGS_PAGES.filter((p) => p.group === 'account').map((p) => (
              <Link key={p.href} href={p.href} onClick={() => setOpen(false)} className={switcherLink}>
                {p.label}
              </Link>
            ))}
          </nav>
          <div className="mt-1 flex items-center justify-between gap-2 border-t border-line px-3 pt-2 pb-1 sm:hidden">
            <ThemeToggle />
            <LogoutButton />
          </div>
        </div>
      )}
    </div>
  );
}
