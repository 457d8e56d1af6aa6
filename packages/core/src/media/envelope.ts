// The Detection envelope of the media spec, assembled from what the engine measured: per-frame
// scores of a video, per-window values of an audio clip, or an image's score. Rounding (two
// decimals for the clip, four for frames and windows), verdicts, billable units, the summary
// sentence and the model label follow the rules in plan.ts; a clip with nothing to assess is a
// NOT_ASSESSABLE answer with its reasons rather than an envelope.

import { MediaError } from '../errors.js';
import type { Detection, Frame, MediaFacts, MediaVerdict, Segment } from '../spec/media.js';
import { aggregateScore, billableUnits, MIN_AUDIO_MS, mediaVerdict, round } from './plan.js';

/** Name of the media engine in `model`. */
export const MEDIA_ENGINE = 'loupe-media';
/** Detector versions an account can be set to. */
export type DetectorVersion = 'V1.5' | 'V1.6';

/** What every envelope carries besides its measurements. */
export interface EnvelopeBase {
  id: string;
  createdAt: Date;
  media: MediaFacts;
  version: DetectorVersion;
  threshold: number;
}

const SAYS: Record<MediaVerdict, string> = {
  LIKELY_REAL: 'shows no sign of being generated or manipulated',
  ALERT: 'needs a human look',
  LIKELY_AI: 'is likely generated or manipulated',
};

function base(b: EnvelopeBase, verdict: MediaVerdict, score: number | null, summary: string, credits: number): Detection {
  return {
    id: b.id,
    status: 'completed',
    created_at: b.createdAt.toISOString(),
    media: b.media,
    model: `${MEDIA_ENGINE} ${b.version}`,
    verdict,
    score,
    summary,
    credits_used: credits,
  };
}

/** The envelope of an image. */
export function imageDetection(b: EnvelopeBase, score: number | null): Detection {
  const s = score === null ? null : round(score, 2);
  const verdict = mediaVerdict(s, b.threshold, 'image');
  const summary = s === null ? 'The image could not be scored; it needs a human look.' : `The image ${SAYS[verdict]} (score ${s.toFixed(2)}).`;
  return base(b, verdict, s, summary, billableUnits('image', 0, 0));
}

/** The envelope of a video from its frame series. */
export function videoDetection(b: EnvelopeBase, frames: readonly Frame[]): Detection {
  const series = frames.map((f) => ({ ...f, score: f.score === null ? null : round(f.score, 4) }));
  const scored = series.filter((f) => f.score !== null).length;
  const score = aggregateScore(series.map((f) => f.score));
  const verdict = mediaVerdict(score, b.threshold, 'video');
  const summary =
    score === null
      ? `None of the ${frames.length} sampled frames could be scored; the video needs a human look.`
      : `The video ${SAYS[verdict]}: ${scored} of ${frames.length} sampled frames scored, clip score ${score.toFixed(2)}.`;
  return { ...base(b, verdict, score, summary, billableUnits('video', scored, 0)), threshold_used: b.threshold, frames: series };
}

/** The envelope of an audio clip from its windows; throws NOT_ASSESSABLE when nothing could be judged. */
export function audioDetection(b: EnvelopeBase, durationMs: number, segments: readonly Segment[]): Detection {
  if (durationMs < MIN_AUDIO_MS)
    throw new MediaError('not_assessable', `The clip lasts ${Math.round(durationMs)} ms; at least ${MIN_AUDIO_MS} ms are needed.`, ['audio_too_short']);
  const windows = segments.map((s) => ({ ...s, value: s.value === null ? null : round(s.value, 4) }));
  const score = aggregateScore(windows.map((s) => s.value));
  if (score === null) {
    const reasons = [...new Set(windows.flatMap((s) => s.reason_codes ?? []))];
    throw new MediaError('not_assessable', 'No window of the clip could be judged.', reasons.length ? reasons : ['no_voice_content']);
  }
  const verdict = mediaVerdict(score, b.threshold, 'audio');
  const scored = windows.filter((s) => s.status === 'scored').length;
  const summary = `The recording ${SAYS[verdict]}: ${scored} of ${windows.length} windows held speech and were scored, clip score ${score.toFixed(2)}.`;
  return { ...base(b, verdict, score, summary, billableUnits('audio', 0, durationMs)), duration_ms: Math.round(durationMs), segments: windows };
}
