export const MAX_QUEUE = 30;
/** keepalive requests are limited to 64 KiB in browsers; larger bodies are sent without keepalive. */
const KEEPALIVE_LIMIT = 60000;

export type SendResult = 'sent' | 'dropped' | 'rate_limited' | 'queued' | 'failed';

function isOffline(): boolean {
  try {
    return typeof navigator !== 'undefined' && navigator.onLine === false;
  } catch {
    return false;
  }
}

/**
 * POSTs JSON bodies to the ingest URL. 429 → dropped, never retried. A network failure while
 * `navigator.onLine === false` → kept in a small in-memory queue (max 30, oldest dropped) and
 * flushed on the `online` event. Any other failure is dropped.
 */
export class Transport {
  private queue: string[] = [];
  private readonly onOnline: () => void;
  private closed = false;

  constructor(
    readonly url: string,
    readonly publicKey: string,
  ) {
    this.onOnline = () => {
      void this.flush();
    };
    if (typeof window !== 'undefined' && window.addEventListener) window.addEventListener('online', this.onOnline);
  }

  get queued(): number {
    return this.queue.length;
  }

  send(payload: unknown): Promise<SendResult> {
    let body: string;
    try {
      body = JSON.stringify(payload);
    } catch {
      return Promise.resolve('dropped');
    }
    return this.post(body);
  }

  private async post(body: string): Promise<SendResult> {
    if (this.closed) return 'dropped';
    const f = (globalThis as { fetch?: typeof fetch }).fetch;
    if (typeof f !== 'function') return 'dropped';
    let res: Response;
    try {
      res = await f.call(globalThis, this.url, {
        method: 'POST',
        keepalive: body.length < KEEPALIVE_LIMIT,
        headers: {
          'Content-Type': 'application/json',
          'X-Ingest-Auth': 'ingest_key=' + this.publicKey,
        },
        body,
      });
    } catch {
      if (isOffline()) {
        this.enqueue(body);
        return 'queued';
      }
      return 'failed';
    }
    // Read nothing, but release the answer: Chromium counts a keepalive request against its in-flight budget until
    // its body is read or cancelled, and later sends of the page stall behind answers left unread.
    res?.body?.cancel().catch(() => undefined);
    if (res && res.status === 429) return 'rate_limited';
    return res && res.ok ? 'sent' : 'dropped';
  }

  private enqueue(body: string): void {
    this.queue.push(body);
    if (this.queue.length > MAX_QUEUE) this.queue.splice(0, this.queue.length - MAX_QUEUE);
  }

  /** Re-sends queued bodies in order (called on `online`). */
  async flush(): Promise<void> {
    const pending = this.queue;
    this.queue = [];
    for (const body of pending) {
      try {
        await this.post(body);
      } catch {
        /* ignore */
      }
    }
  }

  close(): void {
    this.closed = true;
    this.queue = [];
    if (typeof window !== 'undefined' && window.removeEventListener)
      window.removeEventListener('online', this.onOnline);
  }
}
