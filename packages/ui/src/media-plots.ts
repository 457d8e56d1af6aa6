// A detection's evidence over time: a video's frame scores as a line against the threshold (one dot
// per planned frame, unscored frames hollow, each titled with its time and score or cause), and an
// audio clip's windows on a timeline (shaded by their score, abstained windows grey).
import { element, svgElement } from './dom.js';

/** The parts of a Detection these plots read. */
export interface DetectionLike {
  threshold_used?: number | null;
  duration_ms?: number | null;
  frames?: readonly { timestamp_s: number; score: number | null; cause?: string | null }[] | null;
  segments?: readonly { start_ms: number; end_ms: number; status: string; value: number | null; reason_codes?: readonly string[] | null }[] | null;
}

/** A video's frame scores against the threshold (0..1 upwards). */
export function framePlot(d: DetectionLike): SVGSVGElement {
  const w = 320;
  const h = 120;
  const pad = 6;
  const frames = d.frames ?? [];
  const threshold = d.threshold_used ?? 0.5;
  const svg = svgElement('svg', {
    viewBox: `0 0 ${w} ${h}`,
    class: 'plot',
    role: 'img',
    'aria-label': `Frame scores of ${frames.length} frames against the threshold ${threshold}`,
  });
  const last = Math.max(1, ...frames.map((f) => f.timestamp_s));
  const x = (t: number): number => pad + ((w - 2 * pad) * t) / last;
  const y = (v: number): number => h - pad - (h - 2 * pad) * v;
  svg.append(svgElement('line', { x1: pad, x2: w - pad, y1: y(threshold), y2: y(threshold), class: 'threshold' }));
  const scored = frames.filter((f) => f.score !== null);
  svg.append(svgElement('polyline', { points: scored.map((f) => `${x(f.timestamp_s)},${y(f.score!)}`).join(' '), class: 'scores' }));
  for (const f of frames) {
    const dot = svgElement('circle', { cx: x(f.timestamp_s), cy: y(f.score ?? 0), r: 3, class: f.score === null ? 'frame unscored' : 'frame' });
    const title = svgElement('title');
    title.textContent = `${f.timestamp_s} s: ${f.score ?? f.cause ?? 'not scored'}`;
    dot.append(title);
    svg.append(dot);
  }
  return svg;
}

/** An audio clip's windows on a timeline. */
export function segmentTimeline(d: DetectionLike): HTMLElement {
  const bar = element('div', { class: 'timeline', role: 'img', 'aria-label': `${d.segments?.length ?? 0} speech windows` });
  const duration = d.duration_ms || 1;
  for (const s of d.segments ?? []) {
    const seg = element('div', { class: `segment ${s.status}`, title: `${s.start_ms}-${s.end_ms} ms: ${s.value ?? (s.reason_codes ?? []).join(', ')}` });
    Object.assign(seg.style, { left: `${(100 * s.start_ms) / duration}%`, width: `${(100 * (s.end_ms - s.start_ms)) / duration}%` });
    if (s.value !== null) seg.style.background = `rgba(224, 36, 94, ${0.15 + 0.85 * s.value})`;
    bar.append(seg);
  }
  return bar;
}
