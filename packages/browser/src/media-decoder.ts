// The `MediaDecoder` port in browsers: containers read by mediabunny and frames decoded by
// WebCodecs (through its CanvasSink, at the planned times only, scaled to fit), audio decoded by
// WebCodecs too (its AudioSampleSink; Web Audio's decoder does not exist in workers) at the
// track's own rate and mixed to mono; the engine's kernels resample it to 16 kHz as on Node.

import type { DecodedAudio, DecodedFrame, MediaDecoder, MediaProbe } from '@loupe/core';
import { ALL_FORMATS, AudioSampleSink, BufferSource, CanvasSink, Input } from 'mediabunny';

/** Most audio samples kept (3 hours at 48 kHz), as on Node. */
const MAX_SAMPLES = 48000 * 3 * 3600;

function open(bytes: Uint8Array): Input {
  return new Input({ source: new BufferSource(bytes.slice().buffer), formats: ALL_FORMATS });
}

/** Creates the WebCodecs/mediabunny media decoder. */
export function createBrowserMediaDecoder(): MediaDecoder {
  return {
    async probe(bytes): Promise<MediaProbe> {
      const input = open(bytes);
      try {
        const video = await input.getPrimaryVideoTrack();
        const audio = await input.getPrimaryAudioTrack();
        if (!video && !audio) throw new Error('the container holds no video or audio track');
        return {
          durationS: await input.computeDuration(),
          ...(video ? { video: { width: video.displayWidth, height: video.displayHeight } } : {}),
          ...(audio ? { audio: { sampleRate: audio.sampleRate, channels: audio.numberOfChannels } } : {}),
        };
      } finally {
        input.dispose();
      }
    },
    async frames(bytes, timesS, maxSide): Promise<DecodedFrame[]> {
      const input = open(bytes);
      try {
        const track = await input.getPrimaryVideoTrack();
        if (!track) return timesS.map((timeS) => ({ timeS, error: 'no video stream' }));
        const scale = Math.min(1, maxSide / Math.max(track.displayWidth, track.displayHeight));
        const width = Math.max(2, Math.round((track.displayWidth * scale) / 2) * 2);
        const height = Math.max(2, Math.round((track.displayHeight * scale) / 2) * 2);
        const sink = new CanvasSink(track, { width, height, fit: 'fill' });
        const out: DecodedFrame[] = [];
        for (const timeS of timesS) {
          try {
            const wrapped = await sink.getCanvas(timeS);
            if (!wrapped) {
              out.push({ timeS, error: 'no frame decoded at this time' });
              continue;
            }
            const ctx = (wrapped.canvas as OffscreenCanvas).getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D;
            const data = ctx.getImageData(0, 0, width, height).data;
            out.push({ timeS, width, height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) });
          } catch (error) {
            out.push({ timeS, error: error instanceof Error ? error.message : String(error) });
          }
        }
        return out;
      } finally {
        input.dispose();
      }
    },
    async audio(bytes): Promise<DecodedAudio> {
      const input = open(bytes);
      try {
        const track = await input.getPrimaryAudioTrack();
        if (!track) throw new Error('the container holds no audio stream');
        const parts: Float32Array[] = [];
        let total = 0;
        let sampleRate = track.sampleRate;
        for await (const sample of new AudioSampleSink(track).samples()) {
          sampleRate = sample.sampleRate;
          const mono = new Float32Array(sample.numberOfFrames);
          const plane = new Float32Array(sample.numberOfFrames);
          for (let c = 0; c < sample.numberOfChannels; c++) {
            sample.copyTo(plane, { planeIndex: c, format: 'f32-planar' });
            for (let i = 0; i < plane.length; i++) mono[i]! += plane[i]! / sample.numberOfChannels;
          }
          sample.close();
          parts.push(mono);
          total += mono.length;
          if (total > MAX_SAMPLES) throw new Error('the audio is longer than 3 hours');
        }
        const samples = new Float32Array(total);
        let at = 0;
        for (const p of parts) {
          samples.set(p, at);
          at += p.length;
        }
        return { sampleRate, samples };
      } finally {
        input.dispose();
      }
    },
  };
}
