import fs from 'node:fs';
import path from 'node:path';

/** One outbox file: what `sendEmail` writes when no email provider is configured. */
export type OutboxMessage = {
  to: string;
  subject: string;
  html: string;
  text: string;
  sentAt: string;
  template: string;
  data: Record<string, unknown>;
  /** Only when the message has attachments: each file's bytes as base64. */
  attachments?: { filename: string; contentType: string; contentId?: string; content: string }[];
};

/** Every message in the outbox folder, in send order (file names sort by send time). */
export function readOutbox(dir: string): OutboxMessage[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json') && !f.startsWith('.'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as OutboxMessage);
}
