// The MCP tool server at `/mcp` (Streamable HTTP, stateless: a new McpServer and transport per
// request), authenticated by the same `x-api-key` as the REST API and billed by the same ledger.
// Tools: `detect_media` (a `url`, or a file as base64 with its name; `thumbnails`) answering the
// Detection as structured content; `get_credit_balance`; `get_usage` (a ledger page). A refusal
// is a tool error whose content is the media spec's error body, with its code.

import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ENGINE_VERSION } from '@loupe/core';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { Type } from 'typebox';
import { z } from 'zod';
import { answerFailures, answerUnknownPaths, routeTable } from '../http/api-scope.js';
import { keyCaller, type MediaCaller } from '../http/auth/media-caller.js';
import type { Egress } from '../http/egress/egress.js';
import { MediaHttpError, mediaEnvelope, objectError, stringError } from '../http/errors/media-errors.js';
import { mediaErrors } from '../http/schemas.js';
import type { DetectionBudget } from '../media/detection-budget.js';
import type { DetectionService } from '../media/detections.js';
import { type LinkResolver, mediaFromLink } from '../media/links.js';
import { SERVICE_TYPES, type Store } from '../store/store.js';

/** What the MCP route needs. */
export interface McpDeps {
  store: Store;
  detections: DetectionService;
  egress: Egress;
  resolver?: LinkResolver;
  /** The per-key detections budget, shared with `POST /v1/detections`. */
  budget: DetectionBudget;
}

const JsonRpcMessage = Type.Object(
  {
    jsonrpc: Type.Literal('2.0'),
    method: Type.Optional(Type.String()),
    id: Type.Optional(Type.Union([Type.String(), Type.Integer()])),
    params: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);

/** Largest decoded file a tool call may carry (the video cap). */
const MAX_FILE_BYTES = 100 * 1024 * 1024;

type ToolResult = { content: { type: 'text'; text: string }[]; structuredContent?: Record<string, unknown>; isError?: boolean };

const ok = (value: Record<string, unknown>): ToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value });

/** A refusal as a tool error carrying the spec's body (and so its code). */
function toolError(error: unknown): ToolResult {
  const body =
    error instanceof MediaHttpError
      ? { status: error.status, ...error.body }
      : { status: 500, success: false, error: { code: 'INTERNAL_ERROR', message: 'The tool failed unexpectedly.' } };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body };
}

function mcpServer(caller: MediaCaller, deps: McpDeps, requestId: string): McpServer {
  const server = new McpServer({ name: 'loupe', version: ENGINE_VERSION });
  server.registerTool(
    'detect_media',
    {
      title: 'Detect generated or manipulated media',
      description:
        'Runs one detection on a photo, video or audio file: give a `url` (a direct media file) or `file_base64` with its `filename`. Returns the Detection envelope (verdict, score, summary, credits_used; frames for video, segments for audio). Billed like POST /v1/detections.',
      inputSchema: {
        url: z.string().optional().describe('http(s) link to a media file'),
        file_base64: z.string().optional().describe('the file, base64-encoded'),
        filename: z.string().optional().describe('the file name, for display'),
        thumbnails: z.boolean().optional().describe('video only: add thumbnail_b64 to each frame'),
      },
    },
    async (args) => {
      try {
        if (caller.key && caller.key.serviceType !== 'UNIVERSAL' && caller.key.serviceType !== 'AI_CONTENT_DETECTION') {
          throw stringError(
            403,
            'API_KEY_SCOPE',
            `This key is scoped to ${caller.key.serviceType}; detect_media needs a universal key or one scoped to AI_CONTENT_DETECTION.`,
          );
        }
        await deps.budget.spend(caller);
        const thumbnails = args.thumbnails ?? false;
        if (args.file_base64 !== undefined) {
          if (args.file_base64.length > Math.ceil((MAX_FILE_BYTES * 4) / 3) + 4)
            throw objectError(413, 'FILE_TOO_LARGE', `The file is over the ${MAX_FILE_BYTES}-byte cap.`);
          const bytes = new Uint8Array(Buffer.from(args.file_base64, 'base64'));
          if (bytes.length === 0) throw objectError(422, 'UNDECODABLE_IMAGE', 'The file is empty.');
          return ok(
            JSON.parse(await deps.detections.create(caller, { bytes, filename: args.filename ?? null, thumbnails, requestId })) as Record<string, unknown>,
          );
        }
        if (args.url !== undefined) {
          const linked = await mediaFromLink(args.url, deps.egress, deps.resolver);
          return ok(JSON.parse(await deps.detections.create(caller, { ...linked, thumbnails, requestId })) as Record<string, unknown>);
        }
        throw objectError(400, 'BAD_REQUEST', 'Give `url` or `file_base64`.');
      } catch (error) {
        return toolError(error);
      }
    },
  );
  server.registerTool(
    'get_credit_balance',
    { title: 'Credit balance', description: 'The prepaid credit balance detections are paid from.', inputSchema: {} },
    async () => {
      const account = await deps.store.accounts.accountById(caller.account.id);
      return ok({ userId: caller.account.id, balance: account?.balance ?? 0 });
    },
  );
  server.registerTool(
    'get_usage',
    {
      title: 'Credit ledger',
      description: 'Every credit movement, newest first, a page at a time.',
      inputSchema: { limit: z.number().int().min(1).max(100).optional(), offset: z.number().int().min(0).optional() },
    },
    async (args) => {
      const limit = args.limit ?? 20;
      const offset = args.offset ?? 0;
      const { entries, total } = await deps.store.credits.ledger(caller.account.id, limit, offset);
      return ok({
        userId: caller.account.id,
        entries: entries.map((e) => ({ id: e.id, delta: e.delta, reason: e.reason, ref: e.ref, created_at: e.createdAt })),
        pagination: { limit, offset, total, has_more: offset + entries.length < total },
      });
    },
  );
  return server;
}

/** The MCP endpoint as a plugin (prefix `/mcp`), answering refusals in the media envelope. */
export const mcpApi: FastifyPluginAsyncTypebox<McpDeps> = async (app, deps) => {
  answerFailures(app, mediaEnvelope);
  answerUnknownPaths(app, mediaEnvelope, routeTable(app));
  app.post(
    '',
    {
      bodyLimit: 140 * 1024 * 1024,
      schema: {
        tags: ['mcp'],
        summary: 'MCP tool server (Streamable HTTP): detect_media, get_credit_balance, get_usage',
        security: [{ apiKey: [] }],
        body: Type.Union([JsonRpcMessage, Type.Array(JsonRpcMessage)], { description: 'A JSON-RPC 2.0 message (or a batch).' }),
        response: { 200: Type.Object({}, { additionalProperties: true, description: 'The JSON-RPC answer.' }), ...mediaErrors(400, 401, 403, 413) },
      },
    },
    async (request, reply) => {
      const caller = await keyCaller(
        deps.store,
        request,
        SERVICE_TYPES.filter((s) => s !== 'UNIVERSAL'),
      );
      const server = mcpServer(caller, deps, request.id);
      const transport = new StreamableHTTPServerTransport({ enableJsonResponse: true }); // no sessionIdGenerator: stateless;
      // the transport writes the answer itself: the request id goes on the raw response
      reply.raw.setHeader('x-request-id', request.id);
      reply.hijack();
      reply.raw.on('close', () => {
        void transport.close();
        void server.close();
      });
      await server.connect(transport);
      await transport.handleRequest(request.raw, reply.raw, request.body);
    },
  );
  const notAllowed = async (): Promise<never> => {
    throw new MediaHttpError(
      405,
      { success: false, error: { code: 'METHOD_NOT_ALLOWED', message: 'This MCP server is stateless: POST JSON-RPC messages to /mcp.' } },
      { allow: 'POST' },
    );
  };
  app.get('', { schema: { hide: true } }, notAllowed);
  app.delete('', { schema: { hide: true } }, notAllowed);
};
