// The pre-screening page: files picked or dropped are scanned by the document engine in a Web
// Worker of this page (engine-worker.ts, through @loupe/worker's pool; pdf.js and the
// WebAssembly kernels, every asset served locally), and each result is shown: verdict, score,
// headline, indicators, and the pages or the picture with the regions drawn over them. The full
// Document is kept on the result element (`data-document`) for tests and tools.

import { type Detection, type DocumentResult, MediaError, type ScanDetail, sniffFormat, sniffMedia, toDocumentError, toMediaErrorBody } from '@loupe/core';
import { createWebPool } from '@loupe/worker/web';
import * as pdfjs from 'pdfjs-dist';
import workerSrc from 'pdfjs-dist/build/pdf.worker.mjs?url';

pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;
const cMapUrl = new URL('cmaps/', document.baseURI).href;
const pool = createWebPool({ spawn: () => new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' }), size: 1, maxQueue: 100 });
const status = document.getElementById('status')!;
const results = document.getElementById('results')!;

function element<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Renders each page of the PDF and draws the document's regions (percent of the page) over it. */
async function drawPages(bytes: Uint8Array, doc: DocumentResult, into: HTMLElement): Promise<void> {
  const pdf = await pdfjs.getDocument({ data: bytes.slice(), cMapUrl, cMapPacked: true, isEvalSupported: false }).promise;
  const pages = element('div', { class: 'pages' });
  into.append(pages);
  for (let n = 1; n <= Math.min(pdf.numPages, 10); n++) {
    const page = await pdf.getPage(n);
    const viewport = page.getViewport({ scale: 1.2 });
    const holder = element('div', { class: 'page', 'data-page': String(n) });
    const canvas = element('canvas');
    canvas.width = Math.ceil(viewport.width);
    canvas.height = Math.ceil(viewport.height);
    holder.append(canvas);
    await page.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
    drawRegions(doc, n, holder);
    pages.append(holder);
  }
  await pdf.destroy();
}

/** Shows a picture with the document's regions (percent of the picture) drawn over it. */
function drawPicture(file: File, doc: DocumentResult, into: HTMLElement): void {
  const holder = element('div', { class: 'page', 'data-page': '1' });
  const img = element('img', { alt: file.name, src: URL.createObjectURL(file) });
  holder.append(img);
  drawRegions(doc, 1, holder);
  const pages = element('div', { class: 'pages' });
  pages.append(holder);
  into.append(pages);
}

function drawRegions(doc: DocumentResult, page: number, holder: HTMLElement): void {
  for (const r of doc.regions.filter((r) => r.page === page)) {
    const box = element('div', { class: 'region', title: r.label, 'data-indicator': r.indicator_code });
    Object.assign(box.style, { left: `${r.x}%`, top: `${r.y}%`, width: `${r.w}%`, height: `${r.h}%` });
    holder.append(box);
  }
}

/** Each revision's changed words, before and after, side by side. */
function showRevisionDiffs(doc: DocumentResult, into: HTMLElement): void {
  const diffs = doc.revisions?.diffs ?? [];
  if (diffs.length === 0) return;
  const table = element('table', { class: 'diffs' });
  const head = element('tr');
  head.append(element('th', {}, 'Revision'), element('th', {}, 'Before'), element('th', {}, 'After'));
  table.append(head);
  for (const d of diffs) {
    const row = element('tr');
    row.append(
      element('td', {}, `${d.from_revision} → ${d.to_revision}`),
      element('td', { class: 'before' }, d.before),
      element('td', { class: 'after' }, d.after),
    );
    table.append(row);
  }
  into.append(element('h3', {}, 'What changed between revisions'), table);
}

/** The arithmetic that does not add up: the formula, what it computes to, and the printed figure. */
function showMathChecks(doc: DocumentResult, into: HTMLElement): void {
  const checks = doc.math_checks ?? [];
  if (checks.length === 0) return;
  const list = element('ul', { class: 'math' });
  for (const m of checks) {
    const item = element('li');
    item.append(element('code', {}, m.formula), ` = ${m.computed}, but the document prints `, element('strong', {}, m.stated), element('div', {}, m.note));
    list.append(item);
  }
  into.append(element('h3', {}, 'Figures that do not add up'), list);
}

const SVG = 'http://www.w3.org/2000/svg';

/** A video's frame scores as a line against the threshold (0..1 upwards). */
function framePlot(d: Detection): SVGSVGElement {
  const w = 320,
    h = 120,
    pad = 6;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
  svg.setAttribute('class', 'plot');
  const frames = d.frames ?? [];
  const last = Math.max(1, ...frames.map((f) => f.timestamp_s));
  const x = (t: number): number => pad + ((w - 2 * pad) * t) / last;
  const y = (v: number): number => h - pad - (h - 2 * pad) * v;
  const threshold = document.createElementNS(SVG, 'line');
  for (const [k, v] of Object.entries({ x1: pad, x2: w - pad, y1: y(d.threshold_used ?? 0.5), y2: y(d.threshold_used ?? 0.5), class: 'threshold' })) {
    threshold.setAttribute(k, String(v));
  }
  svg.append(threshold);
  const line = document.createElementNS(SVG, 'polyline');
  line.setAttribute(
    'points',
    frames
      .filter((f) => f.score !== null)
      .map((f) => `${x(f.timestamp_s)},${y(f.score!)}`)
      .join(' '),
  );
  line.setAttribute('class', 'scores');
  svg.append(line);
  for (const f of frames) {
    const dot = document.createElementNS(SVG, 'circle');
    for (const [k, v] of Object.entries({ cx: x(f.timestamp_s), cy: y(f.score ?? 0), r: 3, class: f.score === null ? 'frame unscored' : 'frame' })) {
      dot.setAttribute(k, String(v));
    }
    const title = document.createElementNS(SVG, 'title');
    title.textContent = `${f.timestamp_s} s: ${f.score ?? f.cause}`;
    dot.append(title);
    svg.append(dot);
  }
  return svg;
}

/** An audio clip's windows on a timeline: scored windows shaded by their value, abstained ones grey. */
function segmentTimeline(d: Detection): HTMLElement {
  const bar = element('div', { class: 'timeline' });
  for (const s of d.segments ?? []) {
    const seg = element('div', { class: `segment ${s.status}`, title: `${s.start_ms}-${s.end_ms} ms: ${s.value ?? (s.reason_codes ?? []).join(', ')}` });
    Object.assign(seg.style, { left: `${(100 * s.start_ms) / d.duration_ms!}%`, width: `${(100 * (s.end_ms - s.start_ms)) / d.duration_ms!}%` });
    if (s.value !== null) seg.style.background = `rgba(224, 36, 94, ${0.15 + 0.85 * s.value})`;
    bar.append(seg);
  }
  return bar;
}

/** Media detection: photos (when asked), videos and audio. */
async function detect(file: File, bytes: Uint8Array, card: HTMLElement): Promise<void> {
  const started = performance.now();
  const d = (await pool.run('detect', bytes.slice(), { filename: file.name })) as Detection;
  card.dataset.ms = String(Math.round(performance.now() - started));
  const line = element('p');
  line.append(element('span', { class: `verdict ${d.verdict}` }, d.verdict.replace(/_/g, ' ')), ` score ${d.score ?? '—'} · ${d.summary}`);
  card.append(line);
  if (d.frames) card.append(element('h3', {}, 'Frame scores against the threshold'), framePlot(d));
  if (d.segments) card.append(element('h3', {}, 'Speech windows'), segmentTimeline(d));
  if (d.media.type === 'image') drawPicture(file, { regions: [] } as unknown as DocumentResult, card);
  card.dataset.detection = JSON.stringify(d);
}

async function scan(file: File): Promise<void> {
  const card = element('article', { class: 'result', 'data-file': file.name, 'data-state': 'working' });
  card.append(element('h2', {}, file.name));
  results.append(card);
  status.textContent = `Examining ${file.name}…`;
  const bytes = new Uint8Array(await file.arrayBuffer());
  const started = performance.now();
  try {
    const kind = sniffFormat(bytes);
    const asPhoto = (document.getElementById('photos') as HTMLInputElement).checked;
    if (kind !== 'pdf' && sniffMedia(bytes) && (asPhoto || (kind !== 'png' && kind !== 'jpg'))) {
      await detect(file, bytes, card);
      card.dataset.state = 'done';
      status.textContent = '';
      return;
    }
    const detail = (await pool.run(
      'scan',
      bytes.slice(),
      { name: file.name },
      { onProgress: (stage) => (status.textContent = stage === 'started' ? `Examining ${file.name}…` : `Drawing ${file.name}…`) },
    )) as ScanDetail;
    const doc = detail.document;
    card.dataset.ms = String(Math.round(performance.now() - started));
    const line = element('p');
    line.append(element('span', { class: `verdict ${doc.verdict}` }, doc.verdict.replace(/_/g, ' ')), ` risk score ${doc.risk_score ?? '—'} · ${doc.headline}`);
    card.append(line);
    const list = element('ul', { class: 'indicators' });
    for (const i of doc.indicators) {
      const item = element('li');
      item.append(element('span', { class: `sev ${i.severity}` }, i.severity), element('strong', {}, i.title));
      item.append(element('div', {}, i.what_it_means));
      list.append(item);
    }
    card.append(list);
    showRevisionDiffs(doc, card);
    showMathChecks(doc, card);
    if (bytes[0] === 0x25) await drawPages(bytes, doc, card);
    else drawPicture(file, doc, card);
    card.dataset.document = JSON.stringify(doc);
    card.dataset.state = 'done';
  } catch (error) {
    const spec =
      error instanceof MediaError ? { ...toMediaErrorBody(error).error, ...(error.reasons.length ? { reasons: error.reasons } : {}) } : toDocumentError(error);
    card.append(element('p', { class: 'error' }, `${spec.code}: ${spec.message}`));
    card.dataset.error = JSON.stringify(spec);
    card.dataset.state = 'failed';
  }
  status.textContent = '';
}

async function scanAll(files: FileList | null): Promise<void> {
  for (const file of Array.from(files ?? [])) await scan(file);
}

const input = document.getElementById('file') as HTMLInputElement;
input.addEventListener('change', () => {
  const files = input.files;
  void scanAll(files).finally(() => (input.value = '')); // picking the same file again examines it again
});
const drop = document.getElementById('drop')!;
drop.addEventListener('dragover', (e) => {
  e.preventDefault();
  drop.classList.add('over');
});
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (e) => {
  e.preventDefault();
  drop.classList.remove('over');
  void scanAll(e.dataTransfer?.files ?? null);
});
