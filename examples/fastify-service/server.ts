// Embedding the Loupe engine in a service you already run: a Fastify app with one route that
// screens an uploaded PDF, PNG or JPEG before the rest of your pipeline accepts it. The engine runs
// on a pool of worker threads (`createNodePool`), so a slow document never blocks the event loop;
// the route answers the Document (verdict, risk score, indicators, regions) or the contract's
// error body. Run: `node --import tsx examples/fastify-service/server.ts`, then
// `curl -F file=@statement.pdf http://127.0.0.1:3000/screen`.
import multipart from '@fastify/multipart';
import type { DocumentResult } from '@loupe/core';
import { toDocumentError } from '@loupe/core';
import { createNodePool } from '@loupe/node';
import Fastify, { type FastifyInstance } from 'fastify';

/** Your app, with a `POST /screen` route backed by a pool of `threads` engine threads. */
export async function screeningApp(threads = 2): Promise<FastifyInstance> {
  const pool = createNodePool({ size: threads, ocr: false, timeoutMs: 60_000, maxQueue: 64 });
  const app = Fastify();
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 1 } });
  app.post('/screen', async (request, reply) => {
    const file = await request.file();
    if (!file) return reply.code(400).send({ error: 'send the document in a multipart "file" part' });
    const bytes = new Uint8Array(await file.toBuffer());
    try {
      const { document } = (await pool.run('scan', bytes, { name: file.filename })) as { document: DocumentResult };
      // your policy: here, anything but CLEAN goes to a person
      return { accepted: document.verdict === 'CLEAN', document };
    } catch (error) {
      return reply.code(422).send({ accepted: false, error: toDocumentError(error) });
    }
  });
  app.addHook('onClose', async () => pool.close());
  return app;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const app = await screeningApp();
  console.log(`screening on ${await app.listen({ port: Number(process.env.PORT ?? 3000), host: '127.0.0.1' })}`);
}
