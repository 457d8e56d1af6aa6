// What a detection will cost, known before the detector starts: an image is 1 credit; a video is
// one credit per frame of its frame plan (at most 20) from its probed duration; audio is one per
// started minute of its probed duration, at least 1. The settled charge is what the engine
// actually scored (never more than the reservation: unscored frames are not charged).
import { MAX_FRAMES, type MediaDecoder, type MediaFacts } from '@loupe/core';
import { billableUnits, framePlan, inspectMedia, mediaOfStreams, undecodable } from '@loupe/core/internal';

/** The admitted media and its price. */
export interface Priced {
  media: MediaFacts;
  credits: number;
  /** The probed length of a video or recording, seconds (0 for an image). */
  durationS: number;
}

/** Admits the bytes (type, caps, image size bound) and prices them; throws the engine's `MediaError`. */
export async function price(bytes: Uint8Array, filename: string | null, decoder: MediaDecoder): Promise<Priced> {
  const inspected = inspectMedia(bytes, filename).media;
  if (inspected.type === 'image') return { media: inspected, credits: 1, durationS: 0 };
  let probe: Awaited<ReturnType<MediaDecoder['probe']>>;
  try {
    probe = await decoder.probe(bytes);
  } catch (error) {
    throw undecodable(inspected.type, `The ${inspected.type} could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  // an MP4, MOV or WebM with audio and no picture is priced (and analysed) as a recording
  const media = mediaOfStreams(inspected, probe);
  const durationS = probe.durationS;
  if (media.type === 'video') return { media, credits: Math.min(MAX_FRAMES, framePlan(durationS).length), durationS };
  return { media, credits: billableUnits('audio', 0, durationS * 1000), durationS };
}
