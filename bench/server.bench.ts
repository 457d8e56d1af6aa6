// The server's cost, one run: `/health` and `GET /users/credits` throughput (autocannon on
// loopback) against a bare Fastify route on the same machine; the time the server adds to a
// photo and a 60 s 720p video detection over the media engine called in process; the server's
// peak memory while a 2 GB upload is refused at its cap; documents per second through the
// document API (submit, then poll the loan) against `loupe scan --jobs 2` on the same files,
// one-page statements and real-world PDFs of mixed size (`../shared/corpus`, when present);
// `wait=true` latency against the engine's own time for a one-page statement; and the server's
// peak memory over a 200 MiB document upload and its analysis. The server runs as `loupe serve`
// in a child process, so the load generator does not share its event loop.
// `npm run bench:server`.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { framePlan } from '@loupe/core/internal';
import { editText, makeStatement } from '@loupe/fixtures/pdf-builders';
import { photographScene } from '@loupe/fixtures/scenes';
import { h264Clip } from '@loupe/fixtures/videos';
import { createNodeEngine, createNodeMediaEngine, ffmpegPaths } from '@loupe/node';
import autocannon from 'autocannon';
import { median } from './measure.js';
import { type Pair, sideBySide, sideBySideTable } from './side-by-side.js';

const root = join(import.meta.dirname, '..');
const loupe = join(root, 'packages', 'cli', 'bin', 'loupe.js');
const dir = mkdtempSync(join(tmpdir(), 'loupe-server-bench-'));
const data = join(dir, 'data');
const PORT = 38000 + Math.floor(Math.random() * 1000);
const BARE_PORT = PORT + 2;

function waitFor(url: string, ms = 30_000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const tryOnce = (): void => {
      fetch(url)
        .then((r) => (r.ok ? resolve() : setTimeout(tryOnce, 100)))
        .catch(() => (Date.now() - started > ms ? reject(new Error(`${url} did not answer`)) : setTimeout(tryOnce, 100)));
    };
    tryOnce();
  });
}

const account = (email: string, credits: number): { media_key: string; live_key: string } =>
  JSON.parse(
    execFileSync(process.execPath, [loupe, 'accounts', 'create', '--email', email, '--credits', String(credits), '--data', data, '--json'], {
      encoding: 'utf8',
    }),
  );

function rssMiB(child: ChildProcess): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

/**
 * CPU a process has spent, in ms, on its main thread and on all its other threads (worker threads,
 * V8's and libuv's), from /proc: under load a wall-time profiler charges a thread's waits for a
 * core to what it was doing, so these counters say where the CPU went.
 */
function threadCpu(child: ChildProcess): { main: number; others: number } {
  const tickMs = 10; // USER_HZ is 100 on Linux
  let main = 0;
  let others = 0;
  for (const tid of readdirSync(`/proc/${child.pid}/task`)) {
    try {
      // the fields after the command's closing parenthesis: utime and stime are the 12th and 13th
      const fields = readFileSync(`/proc/${child.pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      const ms = (Number(fields[11]) + Number(fields[12])) * tickMs;
      if (tid === String(child.pid)) main += ms;
      else others += ms;
    } catch {
      // a thread that ended while read
    }
  }
  return { main, others };
}

/** Seconds of load a route takes in each round. */
const LOAD_SECONDS = 3;

async function load(url: string, headers: Record<string, string> = {}): Promise<number> {
  const result = await autocannon({ url, connections: 20, duration: LOAD_SECONDS, headers });
  return result.requests.average;
}

async function detectOverHttp(key: string, bytes: Uint8Array, name: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const t = performance.now();
  const r = await fetch(`http://127.0.0.1:${PORT}/v1/detections`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  await r.text();
  if (r.status !== 200) throw new Error(`detection answered ${r.status}`);
  return performance.now() - t;
}

/** Streams `total` bytes that start like a JPEG; resolves to the bytes written before the server stopped it, and its status. */
function hugeUpload(key: string, total: number): Promise<{ sent: number; status: number | undefined }> {
  return new Promise((resolve) => {
    const boundary = 'loupebench';
    let sent = 0;
    let status: number | undefined;
    const req = http.request({
      host: '127.0.0.1',
      port: PORT,
      path: '/v1/detections',
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    req.on('response', (res) => {
      status = res.statusCode;
      res.resume();
    });
    const done = (): void => resolve({ sent, status });
    req.on('error', done);
    req.on('close', done);
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const jpeg = photographScene(1, 64, 48);
    const chunk = Buffer.alloc(1024 * 1024);
    req.write(head);
    req.write(jpeg);
    sent = jpeg.length;
    const pump = (): void => {
      while (sent < total && !req.destroyed) {
        sent += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!req.destroyed) req.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
}

const API = `http://127.0.0.1:${PORT}`;

/** Keep-alive connections for the document submissions (the load generator's own cost kept low, as autocannon does for the cheap routes). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 32 });

/** A way of sending `POST /v1/documents`: the status and the JSON body. */
type Submitter = (key: string, bytes: Uint8Array, name: string, options: unknown, query: string) => Promise<{ status: number; body: Record<string, unknown> }>;

/** `POST /v1/documents` with a multipart body built in one piece, over node:http. */
const postDocument: Submitter = (key, bytes, name, options, query) => {
  const boundary = 'loupebenchsubmit';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="options"\r\n\r\n${JSON.stringify(options)}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${API}/v1/documents${query}`,
      { method: 'POST', agent, headers: { 'x-api-key': key, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
};

/** The same with fetch and FormData (what many clients write; it costs the client about 2 ms more a request here). */
const fetchDocument: Submitter = async (key, bytes, name, options, query) => {
  const form = new FormData();
  form.append('options', JSON.stringify(options));
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const r = await fetch(`${API}/v1/documents${query}`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  return { status: r.status, body: (await r.json()) as Record<string, unknown> };
};

async function submitDocument(
  key: string,
  bytes: Uint8Array,
  name: string,
  options: unknown,
  query = '',
  client = postDocument,
): Promise<Record<string, unknown>> {
  const { status, body } = await client(key, bytes, name, options, query);
  if (status !== 202 && status !== 200) throw new Error(`submit answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** Streams a multipart document upload of `total` bytes (a PDF header, then filler); resolves to the status and the body. */
function bigDocumentUpload(key: string, total: number): Promise<{ status: number | undefined; body: string; sent: number }> {
  return new Promise((resolve) => {
    const boundary = 'loupebenchdoc';
    let sent = 0;
    let status: number | undefined;
    let body = '';
    const req = http.request({
      host: '127.0.0.1',
      port: PORT,
      path: '/v1/documents',
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    req.on('response', (res) => {
      status = res.statusCode;
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
    });
    req.on('error', () => resolve({ status, body, sent }));
    req.on('close', () => resolve({ status, body, sent }));
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const header = Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
    req.write(header);
    sent = header.length;
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    const pump = (): void => {
      while (sent < total && !req.destroyed) {
        const piece = total - sent >= chunk.length ? chunk : chunk.subarray(0, total - sent);
        sent += piece.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!req.destroyed) req.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
}

/** Peak RSS growth (MiB) of a fresh process that reads a `size`-byte filler PDF and scans it with the Node engine. */
function analysisAlone(size: number): number {
  const file = join(dir, 'alone.pdf');
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  writeFileSync(file, bytes);
  const script = `
    import { readFileSync } from 'node:fs';
    import { createNodeEngine } from '@loupe/node';
    const engine = createNodeEngine({ ocr: false });
    await engine.scan(new Uint8Array(readFileSync(${JSON.stringify(join(dir, 'warm.pdf'))})), { name: 'warm.pdf' }).catch(() => undefined);
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
    await engine.scan(new Uint8Array(readFileSync(${JSON.stringify(file)})), { name: 'alone.pdf' }).catch(() => undefined);
    peak = Math.max(peak, process.memoryUsage().rss);
    clearInterval(timer);
    process.stdout.write(String((peak - before) / 1024 / 1024));
    await engine.dispose();`;
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 20 }));
}

/** Distinct one-page statements in the throughput comparison (as the issue measured). */
const COUNT = 120;

/**
 * How often a pass polls its loan for the end. A loan summary reads every document of the loan: a
 * poll of 360 documents costs the server about 4.6 ms of its main thread on a slow day, and polled
 * every 20 ms that took a sixth of a core from the two workers (the server's CPU a document 31-32
 * ms polled every 100 ms, 32-37 ms every 20 ms). The rate is the difference of two passes, so the
 * wait for the next poll (half the interval on average) cancels.
 */
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 100);

/** Rounds of the throughput comparison: each measures both ways, back to back; the median ratio is the figure. */
const ROUNDS = 3;

/**
 * Documents per second through `loupe scan --jobs 2` and through the API with the same two worker
 * threads, printed as a ratio. Both are measured as rates once running: the CLI's is that of its
 * files n+1 to 3n in one process (one run of the files once, one of them thrice: its start and end
 * cancel), the API's that of a pass of the same files thrice less a pass of them once, under new
 * names (new documents, analysed again), all submitted at once, the loan polled every `POLL_MS`, after
 * a first pass that warms the server. The two are measured back to back in each of three rounds, so
 * a machine that slows down or speeds up during the run moves both; the median of the rounds'
 * ratios is the figure (one round's ratio moves by a fifth between runs on this machine).
 */
async function throughputFigures(label: string, files: string[], bytesOf: Uint8Array[], ref: string): Promise<void> {
  const count = files.length;
  const scanTime = (paths: string[]): number => {
    const t = performance.now();
    execFileSync(process.execPath, [loupe, 'scan', '--json', '--no-progress', '--jobs', '2', ...paths], { maxBuffer: 1 << 28 });
    return performance.now() - t;
  };
  /** One pass of the files `times` over under new names: when all were accepted and when all finished. */
  async function pass(name: string, times = 1): Promise<{ acceptedMs: number; doneMs: number; refused: number; loan: string; key: string }> {
    const loan = `${ref}-${name}`;
    // an account of its own: a pass of 360 uploads and its polls stay within one key's burst of 1,200 requests
    const key = account(`${loan}@example.com`, 0).live_key;
    const all = Array.from({ length: times }, () => bytesOf).flat();
    const t = performance.now();
    // a file refused at submit (over 200 pages, no known signature) is as finished as the CLI's error for it
    const answers = await Promise.all(all.map((b, i) => postDocument(key, b, `${loan}-${i}.pdf`, { external_ref: loan }, '')));
    const acceptedMs = performance.now() - t;
    const refused = answers.filter((a) => a.status !== 202 && a.status !== 200).length;
    for (;;) {
      // progress from the loan queue (`GET /v1/loans`: this account's one loan, its LoanSummary row
      // without the loan's consistency), as a client tracking progress would: the loan's own answer
      // carries every difference among its documents, about a megabyte once 180 versions of one
      // statement differ, which the server writes and this client, on the same two cores, reads
      // every poll (measured apart below)
      const polled = await fetch(`${API}/v1/loans`, { headers: { 'x-api-key': key } });
      if (polled.status !== 200) throw new Error(`the loan poll answered ${polled.status}: ${await polled.text()}`);
      const row = ((await polled.json()) as { data: { external_ref: string; documents_processing: number }[] }).data.find((r) => r.external_ref === loan);
      if (!row) throw new Error('the loan queue does not list the loan');
      if (row.documents_processing === 0) break;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    return { acceptedMs, doneMs: performance.now() - t, refused, loan, key };
  }
  const first = await pass('first');
  let lastLoan = first;
  const rounds: { cliMs: number; cliRate: number; apiRate: number; ratio: number; mainMs: number; othersMs: number }[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const cliMs = scanTime(files);
    const cliRate = (2 * count * 1000) / (scanTime([...files, ...files, ...files]) - cliMs);
    // the CLI ran synchronously: keep-alive sockets idle longer than the server's keep-alive (72 s,
    // on a slow day) were closed by the server while nothing here could notice, and the first
    // upload on one of them would hang up
    for (const sockets of Object.values(agent.freeSockets)) for (const socket of sockets ?? []) socket.destroy();
    const cpu0 = threadCpu(server);
    const once = await pass(`once-${r}`);
    const cpu1 = threadCpu(server);
    const thrice = await pass(`thrice-${r}`, 3);
    const cpu2 = threadCpu(server);
    lastLoan = thrice;
    const apiRate = (2 * count * 1000) / (thrice.doneMs - once.doneMs);
    // the server's CPU a document over the same difference (the thrice pass less the once pass)
    const perDocument = (key: 'main' | 'others') => (cpu2[key] - cpu1[key] - (cpu1[key] - cpu0[key])) / (2 * count);
    rounds.push({ cliMs, cliRate, apiRate, ratio: apiRate / cliRate, mainMs: perDocument('main'), othersMs: perDocument('others') });
  }
  const middle = [...rounds].sort((a, b) => a.ratio - b.ratio)[Math.floor(ROUNDS / 2)]!;
  const rate = (n: number) => n.toFixed(1);
  console.log(`\n${label}, two worker threads each way:`);
  console.log(
    `  loupe scan --jobs 2        ${middle.cliMs.toFixed(0)} ms with its start (${rate((count * 1000) / middle.cliMs)} documents/s); running ${rounds.map((x) => rate(x.cliRate)).join(', ')}/s in ${ROUNDS} rounds`,
  );
  console.log(
    `  API: submit all, poll the loan every ${POLL_MS} ms: ${first.doneMs.toFixed(0)} ms on a server that had not seen them (${rate((count * 1000) / first.doneMs)}/s${first.refused ? `; ${first.refused} refused at submit` : ''}); running ${rounds.map((x) => rate(x.apiRate)).join(', ')}/s`,
  );
  console.log(`  API / CLI once running, round by round: ${rounds.map((x) => `${x.ratio.toFixed(2)}x`).join(', ')}; median ${middle.ratio.toFixed(2)}x`);
  console.log(
    `  server CPU a document (the same difference, from /proc): main thread ${rounds.map((x) => x.mainMs.toFixed(1)).join(', ')} ms; worker and V8 threads ${rounds.map((x) => x.othersMs.toFixed(1)).join(', ')} ms`,
  );
  // what one poll of the last loan (its documents thrice over, every one finished) costs
  const polls: number[] = [];
  let bytes = 0;
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    const polled = await fetch(`${API}/v1/loans/${lastLoan.loan}`, { headers: { 'x-api-key': lastLoan.key } });
    bytes = (await polled.arrayBuffer()).byteLength;
    polls.push(performance.now() - t);
  }
  console.log(
    `  GET /v1/loans/{ref} of the ${3 * count}-document loan, settled: ${median(polls).toFixed(1)} ms (median of 20), ${(bytes / 1024).toFixed(0)} KiB`,
  );
}

/** Up to `count` PDFs of the real-world corpus under 1 MiB, spread evenly over its sorted list (none when it is absent). */
function corpusSample(count: number): string[] {
  const folder = join(root, '..', 'shared', 'corpus');
  if (!existsSync(folder)) return [];
  const all = (readdirSync(folder, { recursive: true }) as string[])
    .filter((f) => f.toLowerCase().endsWith('.pdf'))
    .sort()
    .map((f) => join(folder, f))
    .filter((f) => statSync(f).size < 1024 * 1024);
  const step = Math.max(1, Math.floor(all.length / count));
  return all.filter((_, i) => i % step === 0).slice(0, count);
}

async function documentFigures(): Promise<void> {
  const docs = join(dir, 'docs');
  mkdirSync(docs);
  const files: string[] = [];
  const bytesOf: Uint8Array[] = [];
  for (let i = 0; i < COUNT; i++) {
    let pdf = await makeStatement({ seed: 500 + i, pages: 1 });
    if (i % 2) pdf = await editText(pdf, 0, 'First Example Bank', 'Last Example Bank');
    const path = join(docs, `doc-${String(i).padStart(2, '0')}.pdf`);
    writeFileSync(path, pdf);
    files.push(path);
    bytesOf.push(pdf);
  }
  await throughputFigures(`${COUNT} one-page statements (half edited)`, files, bytesOf, 'statements');
  if (process.argv.includes('--statements')) return;
  const real = corpusSample(COUNT);
  if (real.length > 0)
    await throughputFigures(
      `${real.length} real-world PDFs of mixed size (../shared/corpus)`,
      real,
      real.map((f) => readFileSync(f)),
      'corpus',
    );

  const key = account('bench-documents@example.com', 0).live_key;
  const engine = createNodeEngine();
  const pages = await Promise.all(Array.from({ length: 8 }, (_, i) => makeStatement({ seed: 700 + i })));
  // both sides equally warm: the engine in process and the server's wait path (its main thread's
  // code for the upload, the store, the early scan, the finish signal and the reply, none of which
  // the throughput passes ran) each take the statements above once, one at a time, through both
  // clients; measured cold, the wait path read 1.5-1.7x where warm it reads 1.3-1.4x
  for (const [i, b] of bytesOf.entries()) {
    await engine.scan(b, { name: 'warm.pdf' });
    await submitDocument(key, b, `warm-${i}.pdf`, {}, '?wait=true', i % 2 ? postDocument : fetchDocument);
  }
  const own: number[] = [];
  const waited: number[] = [];
  const fetched: number[] = [];
  // each statement in process and through both clients in turn (the first round is not counted)
  for (let round = 0; round < 4; round++) {
    for (const [i, p] of pages.entries()) {
      const s = performance.now();
      await engine.scan(p, { name: 'p.pdf' });
      if (round > 0) own.push(performance.now() - s);
      for (const [client, times] of [
        [postDocument, waited],
        [fetchDocument, fetched],
      ] as const) {
        const s = performance.now();
        const body = await submitDocument(key, p, `wait-${client.name}-${round}-${i}.pdf`, {}, '?wait=true', client);
        if (round > 0) times.push(performance.now() - s);
        if (body.status !== 'completed') throw new Error(`wait=true answered ${body.status}`);
      }
    }
  }
  await engine.dispose();
  console.log(`\nA one-page statement (median of ${own.length}, warm; eight statements in turn, in process and through each client):`);
  console.log(`  engine in process          ${median(own).toFixed(1)} ms`);
  console.log(
    `  POST /v1/documents?wait=true ${median(waited).toFixed(1)} ms  (${(median(waited) / median(own)).toFixed(2)}x: HTTP, multipart, hashing, the page count at submit, the store, the queue and the worker hop, on the server's own warm worker; node:http client)`,
  );
  console.log(`  the same with fetch + FormData as the client: ${median(fetched).toFixed(1)} ms (${(median(fetched) / median(own)).toFixed(2)}x)`);

  const before = rssMiB(server);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(server));
  }, 20);
  const t = performance.now();
  const big = await bigDocumentUpload(key, 200 * 1024 * 1024);
  const uploadMs = performance.now() - t;
  const id = (JSON.parse(big.body) as { id?: string }).id;
  let outcome = 'no document';
  for (; id; ) {
    const d = (await (await fetch(`${API}/v1/documents/${id}`, { headers: { 'x-api-key': key } })).json()) as { status: string; error?: { code: string } };
    if (d.status !== 'processing') {
      outcome = `${d.status}${d.error ? ` (${d.error.code})` : ''}`;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const settledMs = performance.now() - t;
  clearInterval(sampler);
  const over = await bigDocumentUpload(key, 1024 * 1024 * 1024);
  writeFileSync(join(dir, 'warm.pdf'), bytesOf[0]!);
  const alone = analysisAlone(200 * 1024 * 1024);
  console.log('\nA 200 MiB document upload (a PDF header, then filler):');
  console.log(`  answered ${big.status} in ${uploadMs.toFixed(0)} ms; the document ended ${outcome} after ${settledMs.toFixed(0)} ms`);
  console.log(
    `  server RSS ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB (+${(peak - before).toFixed(0)} MiB) over the upload and the analysis`,
  );
  console.log(
    `  the analysis alone (the engine in a fresh process reading the same file): +${alone.toFixed(0)} MiB; the server's upload path adds ${(peak - before - alone).toFixed(0)} MiB above it`,
  );
  console.log(`  a 1 GiB upload: answered ${over.status} after ${(over.sent / 1024 / 1024).toFixed(0)} MiB were sent (refused at the cap while streaming)`);
}

console.log(`Server bench on node ${process.version}, one run\n`);
account('bench-owner@example.com', 0); // keeps loupe serve from creating its own first account
// BENCH_SERVER_NODE_FLAGS: Node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it)
const server = spawn(
  process.execPath,
  [
    ...(process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    loupe,
    'serve',
    '--port',
    String(PORT),
    '--sandbox-port',
    String(PORT + 1),
    '--data',
    data,
    '--workers',
    '2',
  ],
  {
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
const bare = spawn(
  process.execPath,
  [
    '--input-type=module',
    '-e',
    `import Fastify from 'fastify'; const app = Fastify(); app.get('/bare', async () => ({ status: 'ok' })); await app.listen({ host: '127.0.0.1', port: ${BARE_PORT} });`,
  ],
  { cwd: root, stdio: 'inherit' },
);
try {
  await Promise.all([waitFor(`http://127.0.0.1:${PORT}/health`), waitFor(`http://127.0.0.1:${BARE_PORT}/bare`)]);
  if (process.argv.includes('--routes')) await routeFigures();
  else if (process.argv.includes('--processes')) await processFigures();
  else if (process.argv.includes('--statements')) await documentFigures();
  else {
    await processFigures();
    if (!process.argv.includes('--documents')) await mediaFigures();
    await documentFigures();
  }
} finally {
  agent.destroy();
  server.kill('SIGTERM');
  bare.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dir, { recursive: true, force: true });
}

/** Wall time of one whole process, in ms (the median of `runs`). */
function wall(command: string, args: string[], runs = 3): number {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    execFileSync(command, args, { stdio: 'ignore', maxBuffer: 1 << 28 });
    times.push(performance.now() - t);
  }
  return median(times);
}

/** Start-up and whole-process figures: the CLI against Node itself, and detection against ffmpeg decoding the same pixels. */
/**
 * `ROUNDS` rounds of a reference and of Loupe measured back to back, as `sideBySide` times two
 * commands, for measures that are no single command (autocannon's rates, a plan's frames decoded
 * by twenty seeks): each round's figures and ratio (ours over the reference) and the median of the
 * ratios, as a line.
 */
async function ratioRounds(reference: () => number | Promise<number>, ours: () => number | Promise<number>): Promise<string> {
  const pairs: [number, number][] = [];
  for (let r = 0; r < ROUNDS; r++) pairs.push([await reference(), await ours()]);
  const ratios = pairs.map(([a, b]) => b / a);
  const shown = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
  return `${pairs.map(([a, b]) => `${shown(a)} / ${shown(b)}`).join(', ')}: ${ratios.map((x) => `${x.toFixed(2)}x`).join(', ')}; median ${median(ratios).toFixed(2)}x`;
}

async function processFigures(): Promise<void> {
  const { ffmpeg } = ffmpegPaths();
  const photoPath = join(dir, 'photo-12mp.jpg');
  writeFileSync(photoPath, photographScene(7, 4000, 3000));
  const node: Pair['reference'] = [process.execPath, '-e', '0'];
  const command = (args: string[], ours: Pair['ours'] = [process.execPath, loupe, ...args]): Pair => ({
    label: `\`loupe ${args.slice(0, 2).join(' ')}\``,
    ours,
    reference: node,
    referenceLabel: '`node -e 0`',
  });
  const keys = ['accounts', 'keys', '--email', 'nobody@example.com', '--data', data];
  const pairs: Pair[] = [
    command(['--help']),
    command(['serve', '--help']),
    command(['digest', loupe]),
    // `accounts keys` for an unknown address exits non-zero: timed through a shell that forgives it
    command(keys, ['sh', '-c', `"${process.execPath}" "${loupe}" ${keys.map((a) => `"${a}"`).join(' ')} > /dev/null || true`]),
    {
      label: '12 MP photo, `loupe detect --json` (start-up included)',
      ours: [process.execPath, loupe, 'detect', '--json', photoPath],
      // decoding alone, as bench:media's reference (no colour conversion, nothing written)
      reference: [ffmpeg, '-v', 'error', '-i', photoPath, '-f', 'null', '-'],
      referenceLabel: 'ffmpeg decoding it',
      target: 2.5,
    },
  ];
  console.log(`Whole processes, side by side (${ROUNDS} rounds after a warm-up round; the median of the per-round ratios):`);
  console.log(sideBySideTable(pairs, sideBySide(pairs, ROUNDS)));
  const clip = join(dir, 'clip-60s.mp4');
  h264Clip(clip, { size: '1280x720', rate: 30, durationS: 60, gop: 30 });
  // the frames the engine plans for a 60 s clip, each decoded by a seek in its own ffmpeg, two at a time as the engine runs them
  const times = framePlan(60);
  const seek = (t: number) =>
    new Promise<void>((resolve, reject) => {
      const child = spawn(ffmpeg, ['-v', 'error', '-ss', String(t), '-i', clip, '-frames:v', '1', '-f', 'null', '-'], {
        stdio: 'ignore',
      });
      child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${code}`))));
    });
  const frames = async () => {
    const t = performance.now();
    for (let i = 0; i < times.length; i += 2) await Promise.all(times.slice(i, i + 2).map(seek));
    return performance.now() - t;
  };
  const video = await ratioRounds(frames, () => wall(process.execPath, [loupe, 'detect', '--json', clip], 1));
  console.log(`  60 s 720p video, ffmpeg decoding the ${times.length} planned frames / loupe detect --json (start-up included): ${video}`);
}

async function routeFigures(): Promise<void> {
  const reader = account('bench-reader@example.com', 10);
  const bare = () => load(`http://127.0.0.1:${BARE_PORT}/bare`);
  const health = await ratioRounds(bare, () => load(`http://127.0.0.1:${PORT}/health`));
  const credits = await ratioRounds(bare, () => load(`http://127.0.0.1:${PORT}/users/credits`, { 'x-api-key': reader.media_key }));
  console.log(
    `Throughput (autocannon, 20 connections, ${LOAD_SECONDS} s each), requests/s, ${ROUNDS} rounds (a bare Fastify route / Loupe; each round's ratio; the median):`,
  );
  console.log(`  GET /health               ${health}`);
  console.log(`  GET /users/credits        ${credits} (key lookup and a store read)`);
}

async function mediaFigures(): Promise<void> {
  await routeFigures();

  const engine = createNodeMediaEngine();
  const photos = Array.from({ length: 6 }, (_, i) => photographScene(900 + i));
  await engine.detect(photos[0]!, { filename: 'warm.jpg' });
  const inProcess: number[] = [];
  for (const p of photos.slice(1)) {
    const t = performance.now();
    await engine.detect(p, { filename: 'p.jpg' });
    inProcess.push(performance.now() - t);
  }
  const photoKey = account('bench-photo@example.com', 100).media_key;
  await detectOverHttp(photoKey, photos[0]!, 'warm.jpg'); // warms the worker's models
  const served: number[] = [];
  for (const p of photos.slice(1)) served.push(await detectOverHttp(photoKey, p, 'p.jpg'));
  console.log('\nA 640x480 photo detection (median of 5, warm):');
  console.log(`  engine in process         ${median(inProcess).toFixed(1)} ms`);
  console.log(
    `  POST /v1/detections       ${median(served).toFixed(1)} ms  (+${(median(served) - median(inProcess)).toFixed(1)} ms: HTTP, multipart, pricing, reserve/settle, the worker hop)`,
  );

  const video = h264Clip(join(dir, 'clip.mp4'), { size: '1280x720', rate: 30, durationS: 60, gop: 30 });
  let t = performance.now();
  await engine.detect(video, { filename: 'clip.mp4' });
  const videoInProcess = performance.now() - t;
  const videoServed = await detectOverHttp(account('bench-video@example.com', 100).media_key, video, 'clip.mp4');
  console.log(`\nA 60 s 720p video (${(video.length / 1e6).toFixed(1)} MB):`);
  console.log(`  engine in process         ${videoInProcess.toFixed(0)} ms`);
  console.log(`  POST /v1/detections       ${videoServed.toFixed(0)} ms  (${(videoServed / videoInProcess).toFixed(2)}x; includes the price probe)`);

  const hugeKey = account('bench-huge@example.com', 10).media_key;
  const before = rssMiB(server);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(server));
  }, 20);
  t = performance.now();
  const { sent, status } = await hugeUpload(hugeKey, 2 * 1024 * 1024 * 1024);
  clearInterval(sampler);
  console.log('\nA 2 GB upload of a "JPEG" (cap 10 MB):');
  console.log(`  answered ${status ?? 'nothing'} after ${(sent / 1024 / 1024).toFixed(0)} MiB were sent, in ${(performance.now() - t).toFixed(0)} ms`);
  console.log(`  server RSS ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB (+${(peak - before).toFixed(0)} MiB): the upload is not buffered`);
}
