import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import type { ReactElement } from 'react';
import { render } from '@react-email/render';
import { env } from '@/lib/env';
import { logger } from '@/lib/log';
import type { OutboxMessage } from './outbox';

export type EmailMessage = {
  to: string;
  subject: string;
  /** Template name recorded in the outbox: otp | new-issue | error-rate | … */
  template: string;
  /** The template's props, recorded in the outbox. */
  data: Record<string, unknown>;
  element: ReactElement;
  /** Files sent with the message; one with a `contentId` is inline, shown where the HTML says `cid:<contentId>`. */
  attachments?: EmailAttachment[];
};

export type EmailAttachment = { filename: string; contentType: string; content: Buffer; contentId?: string };

export type Transport = 'resend' | 'smtp' | 'outbox';

export function emailTransport(): Transport {
  if (env.resendApiKey) return 'resend';
  if (env.smtpUrl) return 'smtp';
  return 'outbox';
}

let outboxSeq = 0;

/** Renders a React Email template once and hands it to the transport chosen by the environment. */
export async function sendEmail(msg: EmailMessage): Promise<void> {
  const [html, text] = await Promise.all([render(msg.element), render(msg.element, { plainText: true })]);
  const transport = emailTransport();
  if (transport === 'resend') {
    const { Resend } = await import('resend');
    const { error } = await new Resend(env.resendApiKey).emails.send({
      from: env.emailFrom,
      to: msg.to,
      subject: msg.subject,
      html,
      text,
      // Resend takes our attachment shape as it is (contentId makes one inline).
      attachments: msg.attachments,
    });
    if (error) throw new Error(`Resend: ${error.message}`);
    return;
  }
  if (transport === 'smtp') {
    const nodemailer = await import('nodemailer');
    await nodemailer.createTransport(env.smtpUrl).sendMail({
      from: env.emailFrom,
      to: msg.to,
      subject: msg.subject,
      html,
      text,
      attachments: msg.attachments?.map(({ filename, contentType, content, contentId }) => ({
        filename,
        contentType,
        content,
        cid: contentId,
      })),
    });
    return;
  }
  const sentAt = new Date();
  const dir = path.resolve(env.mailOutboxDir);
  await fs.mkdir(dir, { recursive: true });
  // Names sort by send time: ISO timestamp, then a per-process sequence, then randomness.
  const name = `${sentAt.toISOString().replace(/[:.]/g, '-')}-${String(++outboxSeq).padStart(6, '0')}-${crypto.randomBytes(3).toString('hex')}-${msg.template}.json`;
  const record: OutboxMessage = {
    to: msg.to,
    subject: msg.subject,
    html,
    text,
    sentAt: sentAt.toISOString(),
    template: msg.template,
    data: msg.data,
    ...(msg.attachments?.length
      ? {
          attachments: msg.attachments.map(({ content, ...a }) => ({ ...a, content: content.toString('base64') })),
        }
      : {}),
  };
  const tmp = path.join(dir, `.${name}.tmp`);
  await fs.writeFile(tmp, JSON.stringify(record, null, 2));
  await fs.rename(tmp, path.join(dir, name));
  // One line on stdout per message (the contract's "logged"), through the one logger like every other line.
  logger.info(
    { template: msg.template, file: path.join(env.mailOutboxDir, name) },
    `[outbox] ${msg.template} email to ${msg.to}: "${msg.subject}"`,
  );
}
