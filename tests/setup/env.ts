import { inject } from 'vitest';

process.env.DATABASE_URL = inject('databaseUrl');
process.env.MAIL_OUTBOX_DIR = inject('outboxDir');
process.env.APP_URL ??= 'http://localhost:3000';
process.env.WEBHOOK_ALLOW_PRIVATE ??= 'true';
process.env.LOG_LEVEL ??= 'silent';
process.env.SESSION_SECRET ??= 'test-session-secret-0123456789abcdef0123456789';
