/**
 * Back to the dashboard after the active organization changed (switched, left, deleted, an invite accepted): a
 * full load on purpose, so the dashboard's server layout reads the new organization; a client-side navigation
 * would keep what the old layout read.
 */
export function enterDashboard(): void {
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- a full load on purpose (above)
  window.location.assign('/');
}
