import crypto from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { env } from '@/lib/env';
import { RefusedTarget, resolveWebhookTarget, type ResolvedTarget } from './webhook-guard';

export type DeliveryResult = { success: true } | { success: false; error: string; retryable: boolean };

const DEFAULT_TIMEOUT_MS = 10_000;

export function signatureFor(body: string, secret: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

function timeoutMs(): number {
  const n = Number(process.env.ALERT_WEBHOOK_TIMEOUT_MS);
  return Number.isFinite(n) && n > 0 ? n : DEFAULT_TIMEOUT_MS;
}

/** A lookup that always answers with the addresses the guard checked (no second, rebindable resolution). */
export function pinnedLookup(targets: ResolvedTarget[]): LookupFunction {
  return (_host, options, callback) => {
    if (options.all) (callback as unknown as (e: null, a: ResolvedTarget[]) => void)(null, targets);
    else callback(null, targets[0].address, targets[0].family);
  };
}

/** One POST of the exact body, signed with the rule's secret. 5xx, timeouts and network errors are retryable. */
export async function postWebhook(url: string, body: string, secret: string): Promise<DeliveryResult> {
  let targets: ResolvedTarget[];
  const u = new URL(url);
  try {
    targets = await resolveWebhookTarget(u, env.webhookAllowPrivate);
  } catch (err) {
    if (err instanceof RefusedTarget) return { success: false, error: err.message, retryable: false };
    throw err;
  }
  const limit = timeoutMs();
  return new Promise<DeliveryResult>((resolve) => {
    const client = u.protocol === 'https:' ? https : http;
    const req = client.request(
      u,
      {
        method: 'POST',
        lookup: pinnedLookup(targets),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Tracker-Webhook/1',
          'x-webhook-signature': signatureFor(body, secret),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        // Drain a little of the answer so the socket is released; its content does not matter.
        res.on('data', () => {});
        res.on('end', () => {
          clearTimeout(timer);
          if (status >= 200 && status < 300) resolve({ success: true });
          else resolve({ success: false, error: `HTTP ${status}`, retryable: status >= 500 });
        });
        res.on('error', (err) => {
          clearTimeout(timer);
          resolve({ success: false, error: `Network error: ${err.message}`, retryable: true });
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy(new Error(`Timed out after ${limit} ms`));
    }, limit);
    req.on('error', (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      const reason = err.message.startsWith('Timed out') ? err.message : `Network error: ${err.code ?? err.message}`;
      resolve({ success: false, error: reason, retryable: true });
    });
    req.end(body);
  });
}
