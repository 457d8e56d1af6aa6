// Media detection end to end on the Node platform: photographed and generated scenes (made by
// packages/fixtures/src/scenes.ts, held-out seeds the model never saw), a video made by ffmpeg with its
// frame series and thumbnails, and the spec's error answers; `loupe detect --json` prints one
// line per file, in order.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaError, ModelError, mediaSpecCode, toMediaErrorBody } from '@loupe/core';
import { createMediaEngine } from '@loupe/core/media';
import { generateScene, photographScene } from '@loupe/fixtures/scenes';
import { h264Clip } from '@loupe/fixtures/videos';
import { createCanvasDecoder, createFfmpegMediaDecoder, createNodeMediaEngine, createOnnxInference, ffmpegPaths } from '@loupe/node';
import { describe, expect, it } from 'vitest';
import { main } from '../packages/cli/src/main.js';

const engine = createNodeMediaEngine({ now: () => new Date('2026-11-22T12:00:00.000Z') });
const dir = mkdtempSync(join(tmpdir(), 'loupe-detect-'));
execFileSync(ffmpegPaths().ffmpeg, [
  '-v',
  'error',
  '-f',
  'lavfi',
  '-i',
  'testsrc=size=320x240:rate=25:duration=3',
  '-c:v',
  'libx264',
  '-pix_fmt',
  'yuv420p',
  join(dir, 'clip.mp4'),
]);
execFileSync(ffmpegPaths().ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=2', join(dir, 'tone.wav')]);
const video = new Uint8Array(readFileSync(join(dir, 'clip.mp4')));
// a key frame a second: each planned frame its own seek, handed over as it is decoded
const keyed = h264Clip(join(dir, 'keyed.mp4'), { source: 'testsrc', size: '320x240', rate: 25, durationS: 4, gop: 25 });
const wav = new Uint8Array(readFileSync(join(dir, 'tone.wav')));

const codeOf = async (p: Promise<unknown>): Promise<string | undefined> =>
  p.then(
    () => undefined,
    (e: unknown) => (e instanceof MediaError ? mediaSpecCode(e) : 'other'),
  );

describe('media detection', () => {
  it('tells photographed scenes from generated ones', async () => {
    for (const seed of [900, 903, 950]) {
      const real = await engine.detect(photographScene(seed), { filename: 'photo.jpg' });
      expect(real).toMatchObject({
        status: 'completed',
        verdict: 'LIKELY_REAL',
        credits_used: 1,
        model: 'loupe-media V1.5',
        media: { type: 'image', mime_type: 'image/jpeg', filename: 'photo.jpg' },
      });
      const fake = await engine.detect(generateScene(seed), { filename: 'generated.jpg' });
      expect(fake.verdict).toBe('LIKELY_AI');
      expect(fake.score).toBeGreaterThan(real.score!);
    }
  });

  it('scores a video frame by frame at the planned times, with thumbnails when asked', async () => {
    const d = await engine.detect(video, { filename: 'clip.mp4', thumbnails: true });
    expect(d.media).toMatchObject({ type: 'video', mime_type: 'video/mp4' });
    expect(d.frames!.map((f) => f.timestamp_s)).toEqual([0.5, 1.5, 2.5]);
    for (const f of d.frames!) {
      expect(f.score).not.toBeNull();
      expect(f.score).toBe(Math.round(f.score! * 10_000) / 10_000);
      expect(f.thumbnail_b64!.startsWith('/9j/')).toBe(true); // JPEG
    }
    expect(d.credits_used).toBe(3);
    expect(typeof d.threshold_used).toBe('number');
    const plain = await engine.detect(video, { filename: 'clip.mp4' });
    expect(plain.frames![0]!.thumbnail_b64).toBeUndefined();
  });

  it('ends a video whose frames are scored as they arrive in the model error, when the model cannot load, with no rejection left unawaited', async () => {
    const unavailable = createMediaEngine({
      images: createCanvasDecoder(),
      media: createFfmpegMediaDecoder(),
      inference: createOnnxInference(),
      models: { load: async () => Promise.reject(new ModelError('No model here.', 'model_unavailable')) },
    });
    await expect(unavailable.detect(keyed, { filename: 'keyed.mp4' })).rejects.toThrow('No model here.');
  });

  it('answers with the spec codes: unsupported, empty, undecodable, audio without speech', async () => {
    expect(await codeOf(engine.detect(new TextEncoder().encode('%PDF-1.7 a document, not media'), { filename: 'x.pdf' }))).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await codeOf(engine.detect(new Uint8Array(0), { filename: null }))).toBe('UNDECODABLE_IMAGE');
    expect(await codeOf(engine.detect(photographScene(1).subarray(0, 300), { filename: 'cut.jpg' }))).toBe('UNDECODABLE_IMAGE');
    expect(await codeOf(engine.detect(video.subarray(0, 600), { filename: 'cut.mp4' }))).toBe('UNDECODABLE_VIDEO');
    // the refusal speaks of the file, not of the tool that read it or where it lives
    const cut = toMediaErrorBody(await engine.detect(video.subarray(0, 600), { filename: 'cut.mp4' }).catch((e: unknown) => e));
    expect(JSON.stringify(cut)).not.toMatch(/ffprobe|ffmpeg|\/tmp\/|\/usr\//i);
    expect(toMediaErrorBody(await engine.detect(wav, { filename: 'tone.wav' }).catch((e: unknown) => e))).toMatchObject({
      error: { code: 'NOT_ASSESSABLE' },
      reasons: ['no_voice_content'],
    });
  });

  it('loupe detect --json prints one line per file in order', async () => {
    writeFileSync(join(dir, 'photo.jpg'), photographScene(901));
    writeFileSync(join(dir, 'notes.txt'), 'not media');
    const lines: string[] = [];
    const code = await main(['detect', '--json', join(dir, 'photo.jpg'), join(dir, 'notes.txt'), join(dir, 'clip.mp4')], {
      out: (t) => lines.push(t),
      err: () => undefined,
    });
    expect(code).toBe(0);
    const parsed = lines.map((l) => JSON.parse(l) as { verdict?: string; error?: { code: string }; media?: { type: string } });
    expect(parsed).toHaveLength(3);
    expect(parsed[0]!.media?.type).toBe('image');
    expect(parsed[1]!.error?.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(parsed[2]!.media?.type).toBe('video');
    rmSync(dir, { recursive: true, force: true });
  });
});
