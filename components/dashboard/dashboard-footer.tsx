import { APP_VERSION } from '@/lib/version/app-version';

/** The version this server runs, so a person can tell which CHANGELOG.md entry applies to what they see. */
export function DashboardFooter() {
  return (
    <footer className="mx-auto max-w-6xl px-4 pb-6 text-xs text-fg-muted sm:px-6">
      Tracker <span data-testid="app-version">v{APP_VERSION}</span>
    </footer>
  );
}
