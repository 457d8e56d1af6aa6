// The operator's figures in Prometheus form (prom-client): request latency by listener, route and
// status; document analyses and media detections by outcome and verdict; job durations; queue
// depth and the oldest queued job's age (read from the store when scraped); webhook and message
// deliveries by outcome; credits debited; and prom-client's process figures (resident memory,
// heap, event-loop delay). One registry per server, so two servers in one process
// never share counts; the request histogram, counted on every request, is kept apart
// (request-histogram.ts) and appended when scraped. The names are listed in the server README.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Store } from '../store/store.js';
import { RequestHistogram } from './request-histogram.js';

/** What the queue holds when scraped. */
export interface QueueFigures {
  /** Jobs queued or running. */
  depth: number;
  /** Seconds since the oldest queued job was queued (0 when none waits). */
  oldestQueuedSeconds: number;
}

/** The figures the service records. */
export interface ServiceMetrics {
  /** The registry of every metric but the request histogram. */
  readonly registry: Registry;
  /** The whole `/metrics` text (Prometheus text format 0.0.4). */
  render(): Promise<string>;
  /** One answered request. */
  request(listener: string, method: string, route: string, status: number, seconds: number): void;
  /** One finished job (`analysis`, `audit_report`, …) and, for an analysis, its verdict. */
  job(kind: string, outcome: 'completed' | 'failed', seconds: number, verdict?: string): void;
  /** One media detection answered (or refused by the engine) and the credits it debited. */
  detection(mediaType: string, outcome: 'completed' | 'failed', verdict: string | undefined, credits: number): void;
  /** One webhook or message delivery attempt. */
  delivery(outcome: 'delivered' | 'failed'): void;
}

/** Latency buckets in seconds, from a cached route to a long `wait=true`. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Job duration buckets in seconds. */
const JOB_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/** The queue figures of `store` at `now`, for `serviceMetrics`. */
export function queueFiguresOf(store: Store, now: () => Date): () => Promise<QueueFigures> {
  return async () => {
    const figures = await store.documents.queueFigures();
    const waited = figures.oldestQueuedAt ? (now().getTime() - Date.parse(figures.oldestQueuedAt)) / 1000 : 0;
    return { depth: figures.depth, oldestQueuedSeconds: Math.max(0, waited) };
  };
}

/** A new set of service metrics; `queue` is read when `/metrics` is scraped. */
export function serviceMetrics(queue: () => Promise<QueueFigures>): ServiceMetrics {
  const registry = new Registry();
  // the process's own figures: resident memory, heap, event-loop delay (nodejs_eventloop_lag_p99_seconds), handles
  collectDefaultMetrics({ register: registry });
  const requests = new RequestHistogram(
    'loupe_http_request_duration_seconds',
    'Time to answer a request, by listener (production, sandbox, admin), route pattern and status.',
    LATENCY_BUCKETS,
  );
  const jobs = new Histogram({
    name: 'loupe_job_duration_seconds',
    help: 'Time a worker spent on a job, by kind and outcome.',
    labelNames: ['kind', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [registry],
  });
  const analyses = new Counter({
    name: 'loupe_document_analyses_total',
    help: 'Document analyses finished, by outcome (completed, failed) and verdict.',
    labelNames: ['outcome', 'verdict'] as const,
    registers: [registry],
  });
  const detections = new Counter({
    name: 'loupe_detections_total',
    help: 'Media detections answered or failed, by media type, outcome and verdict.',
    labelNames: ['media_type', 'outcome', 'verdict'] as const,
    registers: [registry],
  });
  const credits = new Counter({ name: 'loupe_credits_debited_total', help: 'Credits debited for media detections.', registers: [registry] });
  const deliveries = new Counter({
    name: 'loupe_webhook_deliveries_total',
    help: 'Webhook and borrower-message delivery attempts, by outcome.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  let scraped: Promise<QueueFigures> | undefined;
  /** One store read per scrape, shared by both gauges. */
  const figures = (): Promise<QueueFigures> => {
    scraped ??= queue().finally(() => setTimeout(() => (scraped = undefined), 0));
    return scraped;
  };
  new Gauge({
    name: 'loupe_queue_depth',
    help: 'Jobs queued or running (analyses, audit reports).',
    registers: [registry],
    async collect() {
      this.set((await figures()).depth);
    },
  });
  new Gauge({
    name: 'loupe_queue_oldest_job_age_seconds',
    help: 'Seconds the oldest queued job has waited (0 when none waits).',
    registers: [registry],
    async collect() {
      this.set((await figures()).oldestQueuedSeconds);
    },
  });
  return {
    registry,
    render: async () => `${await registry.metrics()}${requests.render()}`,
    request: (listener, method, route, status, seconds) => requests.observe(listener, method, route, status, seconds),
    job(kind, outcome, seconds, verdict) {
      jobs.labels(kind, outcome).observe(seconds);
      if (kind === 'analysis') analyses.labels(outcome, verdict ?? 'none').inc();
    },
    detection(mediaType, outcome, verdict, debited) {
      detections.labels(mediaType, outcome, verdict ?? 'none').inc();
      if (debited > 0) credits.inc(debited);
    },
    delivery: (outcome) => deliveries.labels(outcome).inc(),
  };
}
