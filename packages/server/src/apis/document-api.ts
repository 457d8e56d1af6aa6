// The document API as one encapsulated plugin, on the production listener under its prefixes
// (`/v1/documents`, `/v1/loans`, `/v1/audit-reports`, `/v1/recapture` and the deprecated
// `/v1/verifi`) and as the whole sandbox listener. It owns its envelope: every failure of its routes
// and every unknown path or wrong verb under its prefixes is `{error: {type, code, message,
// doc_url}}`; every answer carries `X-Service-Env`, `X-Response-Time-Ms` and the per-key token
// bucket's headers. A route's caller is authenticated (and spends a token) before its request is
// validated, so a bad key is 401 whatever else is wrong.

import type { BlockList } from 'node:net';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { defined } from '@loupe/core/internal';
import { Type } from 'typebox';
import { documentRoutes } from '../documents/routes.js';
import type { DocumentUseCaseDeps } from '../documents/submit.js';
import { answerFailures, answerUnknownPaths, type RouteTable, routeTable } from '../http/api-scope.js';
import type { LoupeApp } from '../http/app.js';
import { documentCaller } from '../http/auth/document-caller.js';
import type { Egress } from '../http/egress/egress.js';
import { DocumentHttpError, documentEnvelope } from '../http/errors/document-errors.js';
import { idempotency } from '../http/idempotency.js';
import type { RateState } from '../http/rates/rate-state.js';
import { TokenBuckets } from '../http/rates/token-bucket.js';
import { loanRoutes } from '../loans/loan-routes.js';
import type { FinishSignal } from '../queue/finish-signal.js';
import type { CaptureSigner } from '../recapture/c2pa.js';
import { recaptureRoutes } from '../recapture/routes.js';
import type { PageRenderer } from '../reports/generate.js';
import { reportRoutes } from '../reports/routes.js';
import type { BlobStore } from '../store/blob-store.js';
import type { Environment, Store } from '../store/store.js';

/** What the document API needs on one listener. */
export interface DocumentApiOptions {
  store: Store;
  blobs: BlobStore;
  environment: Environment;
  /** True when the API is the whole listener (the sandbox): it then answers every path. */
  ownsListener: boolean;
  /** Where rate counters live (default: this process). */
  rates?: RateState;
  /** The borrower-message channels this deployment has. */
  channels: { email: boolean; sms: boolean };
  /** Where uploads are written as they stream in. */
  stagingFolder: string;
  /** The outbound fetcher for `file_url` (200 MiB, 60 s, three redirects). */
  egress: Egress;
  /** Private ranges the deployment lets outbound requests reach (also accepted in `webhook_url`). */
  egressAllow: BlockList;
  /** Wakes the job workers after work was queued. */
  notify: () => void;
  /** Wakes `wait=true` requests when their document finishes in this process. */
  finishes: FinishSignal;
  /** Wakes the webhook sender after events were recorded. */
  notifyEvents: () => void;
  /** Renders PDF pages (page images, simulated captures). */
  renderer: PageRenderer;
  /** Signs and reads captured photos' C2PA manifests. */
  signer: CaptureSigner;
  /** The host of the borrower's capture page. */
  claimBase?: string;
  now: () => Date;
  /** Longest `wait=true` poll (default 30 s). */
  waitMs?: number;
  /** Starts `wait=true` analyses early when this process runs them (documents/early-scans.ts). */
  scanEarly?: DocumentUseCaseDeps['scanEarly'];
}

/** Registers `plugin` under `prefix` with the document envelope for the paths it does not have. */
async function underPrefix<O extends object>(
  api: LoupeApp,
  routes: RouteTable,
  prefix: string,
  plugin: (scope: LoupeApp, options: O) => Promise<void>,
  options: O,
): Promise<void> {
  await api.register(
    async (scope) => {
      answerUnknownPaths(scope, documentEnvelope, routes);
      await plugin(scope, options);
    },
    { prefix },
  );
}

/** The document API plugin. */
export const documentApi: FastifyPluginAsyncTypebox<DocumentApiOptions> = async (api, options) => {
  const { store, environment, now } = options;
  const buckets = new TokenBuckets(1200, 600, Date.now, options.rates);
  answerFailures(api, documentEnvelope);
  const routes = routeTable(api);

  api.addHook('onRequest', async (_request, reply) => {
    reply.header('x-service-env', environment);
  });
  api.addHook('preValidation', async (request, reply) => {
    if (!request.routeOptions.url) return; // an unknown path: counted when answered
    const caller = await documentCaller(store, request, environment);
    const decision = await buckets.take(caller.key.id);
    reply.headers(decision.headers);
    if (!decision.allowed) throw new DocumentHttpError('rate_limited', 'The key used up its request allowance; honour Retry-After.', {}, decision.headers);
    request.documentCaller = caller;
  });
  api.addHook('onSend', async (request, reply, payload) => {
    // answers that never reached a route's authentication (unknown paths, wrong verbs) still count
    // against the key that sent them; a request without a valid key is counted against none
    if (!reply.hasHeader('x-ratelimit-limit')) {
      const who = await documentCaller(store, request, environment).catch(() => undefined);
      reply.headers(who ? (await buckets.take(who.key.id)).headers : buckets.uncounted());
    }
    reply.header('x-response-time-ms', reply.elapsedTime.toFixed(1));
    return payload;
  });

  if (options.ownsListener) {
    answerUnknownPaths(api, documentEnvelope, routes);
    api.get('/health', { schema: { tags: ['service'], summary: 'Liveness', response: { 200: Type.Object({ status: Type.Literal('ok') }) } } }, async () => ({
      status: 'ok' as const,
    }));
  }

  const idem = idempotency(store, environment, now);
  const base = { store, blobs: options.blobs, environment, now, notify: options.notify };
  await underPrefix(api, routes, '/v1/documents', documentRoutes, {
    ...base,
    finishes: options.finishes,
    stagingFolder: options.stagingFolder,
    egress: options.egress,
    egressAllow: options.egressAllow,
    idempotency: idem,
    renderer: options.renderer,
    ...(options.waitMs ? { waitMs: options.waitMs } : {}),
    ...defined({ scanEarly: options.scanEarly }),
  });
  await underPrefix(api, routes, '/v1/loans', loanRoutes, { store, environment, now, notifyEvents: options.notifyEvents });
  await underPrefix(api, routes, '/v1/audit-reports', reportRoutes, { ...base, idempotency: idem });
  for (const alias of [false, true]) {
    await underPrefix(api, routes, alias ? '/v1/verifi' : '/v1/recapture', recaptureRoutes, {
      ...base,
      alias,
      idempotency: idem,
      notifyEvents: options.notifyEvents,
      channels: options.channels,
      finishes: options.finishes,
      renderer: options.renderer,
      signer: options.signer,
      ...(options.claimBase ? { claimBase: options.claimBase } : {}),
    });
  }
};
