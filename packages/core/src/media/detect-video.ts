// A video's detection: probed and decoded through the `MediaDecoder` port at the planned frame
// times only, each frame scored by the image model as soon as it is decoded (thumbnails when asked
// for), the series judged as a clip.
import { MediaError, undecodable } from '../errors.js';
import type { DecodedFrame, MediaProbe } from '../platform.js';
import type { Detection, Frame } from '../spec/media.js';
import { loadingModel, type MediaRuntime, message } from './detectors.js';
import { type EnvelopeBase, videoDetection } from './envelope.js';
import { scorePicture, thumbnail } from './picture-score.js';
import { framePlan } from './plan.js';

/** Longest side frames are decoded at. */
const FRAME_SIDE = 1024;

/** Detects on a video. */
export async function detectVideo(
  runtime: MediaRuntime,
  bytes: Uint8Array,
  base: Omit<EnvelopeBase, 'threshold'>,
  thumbnails: boolean,
  probed?: MediaProbe,
): Promise<Detection> {
  const decoder = runtime.platform.media;
  if (!decoder) throw new MediaError('detectors_unavailable', 'The platform decodes no video.');
  const model = loadingModel(runtime.imageModel); // loads while the frames decode
  let probe: MediaProbe;
  try {
    probe = probed ?? (await decoder.probe(bytes));
  } catch (error) {
    await model;
    throw undecodable('video', `The video could not be read: ${message(error)}`);
  }
  if (!probe.video) {
    await model;
    throw undecodable('video', 'The file holds no video stream.');
  }
  const times = framePlan(probe.durationS);
  // each frame is scored as soon as the decoder hands it over, while the others decode
  const scored: Promise<Frame>[] = [];
  const score = (index: number, frame: DecodedFrame): void => {
    if (scored[index]) return;
    scored[index] = scoreFrame(runtime, index, frame, thumbnails);
    // a failure surfaces through Promise.all below, not as a rejection nobody awaited yet
    scored[index].catch(() => undefined);
  };
  const decoded = await decoder.frames(bytes, times, FRAME_SIDE, probe, score);
  for (const [index, frame] of decoded.entries()) score(index, frame);
  const threshold = (await model).manifest.threshold;
  return videoDetection({ ...base, threshold }, await Promise.all(scored));
}

/** One frame's entry: its score (null when it was not decoded or is too small) and its thumbnail when asked for. */
async function scoreFrame(runtime: MediaRuntime, index: number, frame: DecodedFrame, thumbnails: boolean): Promise<Frame> {
  if ('error' in frame) return { index, timestamp_s: frame.timeS, score: null, cause: 'frame_not_decoded' };
  const score = await scorePicture(runtime, frame);
  const entry: Frame = score === null ? { index, timestamp_s: frame.timeS, score: null, cause: 'frame_too_small' } : { index, timestamp_s: frame.timeS, score };
  if (thumbnails) {
    const b64 = await thumbnail(runtime, frame);
    if (b64) entry.thumbnail_b64 = b64;
  }
  return entry;
}
