// PDF rendering off the event loop (docs/architecture.md, "PDF rendering"): a pool of worker threads
// (piscina) with a bounded number of documents waiting. pdfkit lays out and compresses a recap in
// tens of milliseconds of pure CPU; on the main thread, fifty at once held every other answer back
// for seconds. Past the bound a render is refused at once (PdfQueueFull, answered 503 with
// Retry-After) instead of growing a queue nobody would wait for.
import { Piscina } from 'piscina';
import type { PdfTask } from './tasks.ts';

export interface PdfPoolOptions {
  /** Worker threads rendering at once. */
  threads: number;
  /** Documents that may wait for a free thread; one more is refused. */
  maxQueue: number;
  /** The worker module (tests pass their own); the portal's renderer by default. */
  filename?: string;
  /** Handed to each worker as `workerData` (tests only). */
  workerData?: unknown;
}

/** Too many documents rendering and waiting already; `retryAfterSeconds` estimates when to come back. */
export class PdfQueueFull extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('Too many PDF documents are being prepared right now.');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

const DEFAULT_WORKER = new URL('./render-worker.ts', import.meta.url).href;

export class PdfPool {
  private readonly pool: Piscina;
  private readonly bound: number;
  private active = 0;
  /** A running average of how long a document takes to come back, waiting included (ms): Retry-After. */
  private averageMs = 100;

  constructor(options: PdfPoolOptions) {
    // Every document counts from the moment it is asked for, running or waiting: the bound is ours,
    // not the library's view of its queue (which also counts threads still starting).
    this.bound = options.threads + options.maxQueue;
    this.pool = new Piscina({
      filename: options.filename ?? DEFAULT_WORKER,
      // Started on the first document (an instance that never renders pays nothing), then kept:
      // starting one loads pdfkit and the fonts again.
      minThreads: 0,
      maxThreads: options.threads,
      idleTimeout: Number.POSITIVE_INFINITY,
      ...(options.workerData === undefined ? {} : { workerData: options.workerData }),
    });
  }

  /** Documents rendering or waiting now. */
  get pending(): number {
    return this.active;
  }

  async render(task: PdfTask): Promise<Buffer> {
    if (this.active >= this.bound) {
      throw new PdfQueueFull(Math.max(1, Math.ceil(this.averageMs / 1000)));
    }
    this.active++;
    const started = performance.now();
    try {
      const bytes = (await this.pool.run(task)) as Uint8Array;
      this.averageMs = this.averageMs * 0.9 + (performance.now() - started) * 0.1;
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    } finally {
      this.active--;
    }
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
