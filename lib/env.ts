import { sessionSecret } from '@/lib/session-secret';

// Runtime configuration, read once from the environment. Every secret is optional in development:
// a feature without its secret reports itself as not configured.
function str(name: string): string | undefined {
  const v = process.env[name];
  return v && v.trim() !== '' ? v.trim() : undefined;
}

export const env = {
  get port(): number {
    return Number(str('PORT') ?? 3000);
  },
  /** Public base URL used for DSNs, links in alerts and emails, and the Secure cookie flag. */
  get appUrl(): string {
    return (str('APP_URL') ?? `http://localhost:${this.port}`).replace(/\/+$/, '');
  },
  get appOrigin(): string {
    return new URL(this.appUrl).origin;
  },
  get secureCookies(): boolean {
    return this.appUrl.startsWith('https://');
  },
  get databaseUrl(): string | undefined {
    return str('DATABASE_URL');
  },
  /** SESSION_SECRET, else a random secret generated once and kept in the data directory (lib/auth/session-secret). */
  get sessionSecret(): string {
    return sessionSecret().value;
  },
  get resendApiKey() {
    return str('RESEND_API_KEY');
  },
  get smtpUrl() {
    return str('SMTP_URL');
  },
  get emailFrom(): string {
    return str('EMAIL_FROM') ?? 'Tracker <noreply@localhost>';
  },
  get mailOutboxDir(): string {
    return str('MAIL_OUTBOX_DIR') ?? '.data/outbox';
  },
  get stripeSecretKey() {
    return str('STRIPE_SECRET_KEY');
  },
  get stripeWebhookSecret() {
    return str('STRIPE_WEBHOOK_SECRET');
  },
  get stripePriceId() {
    return str('STRIPE_PRICE_ID');
  },
  get ingestRateLimitPerSecond(): number {
    return Number(str('INGEST_RATE_LIMIT_PER_SECOND') ?? 100);
  },
  get webhookAllowPrivate(): boolean {
    return str('WEBHOOK_ALLOW_PRIVATE') === 'true';
  },
};
