/** Request header in which proxy.ts hands the dashboard layout the page's path and query. */
export const PATH_HEADER = 'x-tracker-path';
