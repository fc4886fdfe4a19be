// The tracker's /metrics token in the e2e suite (playwright.config.ts gives it to the server): specs read what the
// server holds (tracker_ingest_requests_in_flight) to tell a request the browser kept from one the tracker did.
export const E2E_METRICS_TOKEN = 'e2e-metrics-token';
