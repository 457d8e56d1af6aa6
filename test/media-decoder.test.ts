// The ffmpeg media decoder on clips made here by ffmpeg itself (test patterns and tones): probing,
// frames at planned times from an MP4 whose index is at the end (read with seeks over the
// loopback server), mono audio at its own rate, and refusals that end in an error, not a hang.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { framePlan } from '@loupe/core/internal';
import type { DecodedFrame } from '@loupe/core/media';
import { h264Clip } from '@loupe/fixtures/videos';
import { createFfmpegMediaDecoder, ffmpegPaths } from '@loupe/node';
import { describe, expect, it } from 'vitest';

/** The types of an ISO base-media file's top-level boxes, in file order. */
function topLevelBoxes(b: Uint8Array): string[] {
  const types: string[] = [];
  for (let at = 0; at + 8 <= b.length; ) {
    const size = ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
    types.push(String.fromCharCode(...b.subarray(at + 4, at + 8)));
    if (size < 8) break;
    at += size;
  }
  return types;
}

const decoder = createFfmpegMediaDecoder({ timeoutMs: 20_000 });
// a plain MP4 as cameras and editors write it: the index (moov) after the media data
const dir = mkdtempSync(join(tmpdir(), 'loupe-media-'));
execFileSync(ffmpegPaths().ffmpeg, [
  '-v',
  'error',
  '-f',
  'lavfi',
  '-i',
  'testsrc=size=320x240:rate=25:duration=5',
  '-f',
  'lavfi',
  '-i',
  'sine=frequency=440:duration=5',
  '-c:v',
  'libx264',
  '-pix_fmt',
  'yuv420p',
  '-c:a',
  'aac',
  join(dir, 'clip.mp4'),
]);
const mp4 = new Uint8Array(readFileSync(join(dir, 'clip.mp4')));
// a key frame a second, as phones write: each planned frame its own seek
const keyed = h264Clip(join(dir, 'keyed.mp4'), { source: 'testsrc', size: '320x240', rate: 25, durationS: 5, gop: 25 });
rmSync(dir, { recursive: true });
const wav = new Uint8Array(
  execFileSync(ffmpegPaths().ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=3:sample_rate=44100', '-f', 'wav', 'pipe:1'], {
    maxBuffer: 64 << 20,
  }),
);

describe('ffmpeg media decoder', () => {
  it('probes a clip and decodes frames at the planned times, scaled to fit', async () => {
    expect(topLevelBoxes(mp4).filter((t) => t === 'mdat' || t === 'moov')).toEqual(['mdat', 'moov']);
    const probe = await decoder.probe(mp4);
    expect(probe.durationS).toBeGreaterThan(4.5);
    expect(probe.video).toEqual({ width: 320, height: 240 });
    expect(probe.audio?.channels).toBe(1);
    const times = framePlan(probe.durationS);
    // each frame handed over as it is decoded, once, the same one the answer holds
    const handed: [number, DecodedFrame][] = [];
    const frames = await decoder.frames(mp4, times, 160, probe, (index, frame) => handed.push([index, frame]));
    expect(frames).toHaveLength(5);
    expect(handed.map(([index]) => index).sort()).toEqual([0, 1, 2, 3, 4]);
    for (const [index, frame] of handed) expect(frame).toBe(frames[index]);
    // and when each frame is its own seek, the same
    handed.length = 0;
    const sought = await decoder.frames(keyed, times, 160, undefined, (index, frame) => handed.push([index, frame]));
    expect(sought.map((f) => 'rgba' in f)).toEqual([true, true, true, true, true]);
    expect(handed.map(([index]) => index).sort()).toEqual([0, 1, 2, 3, 4]);
    for (const [index, frame] of handed) expect(frame).toBe(sought[index]);
    for (const f of frames) {
      expect('rgba' in f && f.width === 160 && f.height === 120 && f.rgba.length === 160 * 120 * 4).toBe(true);
    }
    // testsrc draws a moving pattern: frames a second apart differ
    const [a, b] = frames as { rgba: Uint8Array }[];
    let diff = 0;
    for (let i = 0; i < a!.rgba.length; i++) diff += Math.abs(a!.rgba[i]! - b!.rgba[i]!);
    expect(diff).toBeGreaterThan(0);
  });

  it("decodes audio to mono float samples at the stream's rate, and 96 kHz down to 48 kHz", async () => {
    const { sampleRate, samples } = await decoder.audio(wav);
    expect(sampleRate).toBe(44100);
    expect(Math.abs(samples.length - 3 * 44100)).toBeLessThan(400);
    const hifi = new Uint8Array(
      execFileSync(ffmpegPaths().ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=1:sample_rate=96000', '-f', 'wav', 'pipe:1']),
    );
    expect((await decoder.audio(hifi)).sampleRate).toBe(48000);
    await expect(decoder.audio(mp4.subarray(0, 2000))).rejects.toThrow();
    const peak = samples.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
    expect(peak).toBeGreaterThan(0.05);
    expect(peak).toBeLessThanOrEqual(1);
  });

  it('decodes a clip with one key frame in one pass, the same frames a seek gives', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loupe-gop-'));
    const file = join(dir, 'one-key.mp4');
    execFileSync(ffmpegPaths().ffmpeg, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=320x240:rate=25:duration=6',
      '-c:v',
      'libx264',
      '-g',
      '1000',
      '-pix_fmt',
      'yuv420p',
      file,
    ]);
    const clip = new Uint8Array(readFileSync(file));
    const times = framePlan((await decoder.probe(clip)).durationS);
    const frames = await decoder.frames(clip, times, 320);
    expect(frames.map((f) => 'rgba' in f)).toEqual(times.map(() => true));
    // the frame at 2.5 s is the one ffmpeg seeks to
    const sought = execFileSync(ffmpegPaths().ffmpeg, [
      '-v',
      'error',
      '-ss',
      '2.5',
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      'scale=320:240',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgba',
      'pipe:1',
    ]);
    const i = times.indexOf(2.5);
    expect(Buffer.from((frames[i] as { rgba: Uint8Array }).rgba).equals(sought)).toBe(true);
    expect(Buffer.from((frames[0] as { rgba: Uint8Array }).rgba).equals(sought)).toBe(false);
    rmSync(dir, { recursive: true });
  });

  it('answers a clip without video and broken bytes with errors, not hangs', async () => {
    expect(await decoder.frames(wav, [0.5], 160)).toEqual([{ timeS: 0.5, error: 'no video stream' }]);
    await expect(decoder.probe(mp4.subarray(0, 200))).rejects.toThrow();
    await expect(decoder.probe(new Uint8Array(1000))).rejects.toThrow();
  });
});
