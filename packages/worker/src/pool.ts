// A pool of engine workers, independent of the worker technology: jobs wait in a bounded queue
// (a full queue refuses at once with `queue_full`), each idle worker takes the oldest job, and
// a job ends in its result or an error with a stable code. A job past its time limit, a
// cancelled running job and a worker that crashed or ran out of memory all end the same way:
// the job is rejected, the worker terminated, and a fresh one started for the next job, so the
// pool keeps serving.
import { PoolError } from '@loupe/core';
import { reviveError } from '@loupe/core/internal';
import { type JobInputs, type JobKind, type JobOutputs, type JobStage, transferList, type WorkerRequest, type WorkerResponse } from './protocol.js';

export { PoolError, type PoolErrorCode } from '@loupe/core';

/** How a worker ended, when it ended on its own. */
export type WorkerExit = { reason: 'out_of_memory' | 'crashed'; message: string };

/** One worker, as the pool drives it (see adapter/node for worker_threads). */
export interface WorkerHandle {
  /** Sends a request, transferring the listed buffers. */
  post(request: WorkerRequest, transfer: ArrayBuffer[]): void;
  /** Registers the message and exit listeners (called once, right after spawning). */
  listen(onMessage: (response: WorkerResponse) => void, onExit: (exit: WorkerExit) => void): void;
  /** Stops the worker; resolves once it has exited. */
  terminate(): Promise<void>;
}

/** Pool options. */
export interface PoolOptions {
  /** Starts a worker. */
  spawn: () => WorkerHandle;
  /** Workers (default 1). */
  size?: number;
  /** Jobs that may wait besides the running ones (default 64). */
  maxQueue?: number;
  /** Time limit per job in milliseconds, from the moment a worker takes it (default 120 s). */
  timeoutMs?: number;
}

/** Per-job options. */
export interface JobOptions {
  signal?: AbortSignal;
  /** This job's time limit (default: the pool's). */
  timeoutMs?: number;
  /** Told of each stage the worker reports. */
  onProgress?: (stage: JobStage) => void;
}

interface Job {
  id: number;
  request: WorkerRequest;
  options: JobOptions;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  /** The slot's worker; none after a crash until the slot has a job again. */
  handle?: WorkerHandle | undefined;
  job?: Job | undefined;
  timer?: ReturnType<typeof setTimeout> | undefined;
}

/** A pool of engine workers. */
export class Pool {
  readonly size: number;
  private readonly queue: Job[] = [];
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: PoolOptions) {
    this.size = Math.max(1, Math.floor(options.size ?? 1));
    for (let i = 0; i < this.size; i++) this.slots.push(this.start());
  }

  /** Jobs waiting for a worker. */
  get waiting(): number {
    return this.queue.length;
  }

  /** Runs a job; resolves to the engine's answer or rejects with the engine's or the pool's error. */
  run<K extends JobKind>(kind: K, bytes: Uint8Array, input: JobInputs[K], options: JobOptions = {}): Promise<JobOutputs[K]> {
    if (this.closed) return Promise.reject(new PoolError('pool_closed', 'The pool is closed.'));
    const maxQueue = this.options.maxQueue ?? 64;
    const idle = this.slots.some((s) => !s.job);
    if (!idle && this.queue.length >= maxQueue)
      return Promise.reject(new PoolError('queue_full', `The pool is busy: ${this.queue.length} jobs are already waiting (maxQueue ${maxQueue}).`));
    if (options.signal?.aborted) return Promise.reject(new PoolError('job_cancelled', 'The job was cancelled before it started.'));
    const id = this.nextId++;
    return new Promise<JobOutputs[K]>((resolve, reject) => {
      const job: Job = { id, request: { type: 'run', id, kind, bytes, input } as WorkerRequest, options, resolve: resolve as (value: unknown) => void, reject };
      options.signal?.addEventListener('abort', () => this.cancel(job), { once: true });
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Stops every worker; waiting and running jobs are rejected with `pool_closed`. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new PoolError('pool_closed', 'The pool was closed before the job started.'));
    await Promise.all(
      this.slots.map(async (slot) => {
        this.finish(slot, new PoolError('pool_closed', 'The pool was closed while the job ran.'));
        await slot.handle?.terminate();
      }),
    );
  }

  private start(): Slot {
    const slot = {} as Slot;
    this.attach(slot);
    return slot;
  }

  /** Gives `slot` a fresh worker; messages and exits of any earlier worker of the slot are ignored. */
  private attach(slot: Slot): void {
    const handle = this.options.spawn();
    slot.handle = handle;
    handle.listen(
      (response) => {
        if (slot.handle === handle) this.receive(slot, response);
      },
      (exit) => {
        if (slot.handle === handle) this.replace(slot, new PoolError(exit.reason === 'out_of_memory' ? 'job_out_of_memory' : 'worker_crashed', exit.message));
      },
    );
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (slot.job || this.queue.length === 0) continue;
      const job = this.queue.shift()!;
      slot.job = job;
      if (!slot.handle) this.attach(slot);
      const timeoutMs = job.options.timeoutMs ?? this.options.timeoutMs ?? 120_000;
      slot.timer = setTimeout(() => this.replace(slot, new PoolError('job_timeout', `The job ran past its ${timeoutMs} ms limit and was stopped.`)), timeoutMs);
      slot.handle!.post(job.request, transferList(job.request));
    }
  }

  private receive(slot: Slot, response: WorkerResponse): void {
    const job = slot.job;
    if (!job || response.id !== job.id) return;
    if (response.type === 'progress') {
      job.options.onProgress?.(response.stage);
      return;
    }
    this.finish(slot, response.type === 'result' ? undefined : reviveError(response.error), response.type === 'result' ? response.value : undefined);
    this.dispatch();
  }

  /** Ends the slot's job (rejecting it when `error` is set) and clears its timer. */
  private finish(slot: Slot, error?: Error, value?: unknown): void {
    clearTimeout(slot.timer);
    const job = slot.job;
    slot.job = undefined;
    if (!job) return;
    if (error) job.reject(error);
    else job.resolve(value);
  }

  /**
   * Ends the slot's job with `error` and retires its worker; a new one starts when the slot takes
   * its next job (so a worker that dies on start-up is not restarted in a loop).
   */
  private replace(slot: Slot, error: Error): void {
    this.finish(slot, error);
    const old = slot.handle;
    slot.handle = undefined;
    void old?.terminate();
    if (!this.closed) this.dispatch();
  }

  private cancel(job: Job): void {
    const queued = this.queue.indexOf(job);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      job.reject(new PoolError('job_cancelled', 'The job was cancelled before it started.'));
      return;
    }
    const slot = this.slots.find((s) => s.job === job);
    // the engine has no cooperative cancellation: the worker running it is replaced
    if (slot) this.replace(slot, new PoolError('job_cancelled', 'The job was cancelled while it ran.'));
  }
}
