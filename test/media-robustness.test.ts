// Media detection on broken and degenerate input: every accepted container (made here by ffmpeg),
// whole, cut in half and with its middle overwritten; zero-length media; a video with no video
// stream; pure silence and a clip too short to judge; a 1-pixel picture; a 100-megapixel header.
// Each ends in a Detection or a spec error code (never another error, a crash or a hang).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Detection, MediaError, mediaSpecCode, toMediaErrorBody } from '@loupe/core';
import { seededRandom } from '@loupe/core/testing';
import { createCanvasDecoder, createNodeMediaEngine, ffmpegPaths } from '@loupe/node';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../packages/cli/src/main.js';

const engine = createNodeMediaEngine();
const dir = mkdtempSync(join(tmpdir(), 'loupe-robust-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function make(name: string, args: string[]): Uint8Array {
  execFileSync(ffmpegPaths().ffmpeg, ['-v', 'error', ...args, join(dir, name)]);
  return new Uint8Array(readFileSync(join(dir, name)));
}

const picture = ['-f', 'lavfi', '-i', 'testsrc=size=320x240', '-frames:v', '1'];
const moving = ['-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=25:duration=2', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=2'];
const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=3'];
const CONTAINERS: Record<string, Uint8Array> = {
  jpg: make('a.jpg', picture),
  png: make('a.png', picture),
  webp: make('a.webp', [...picture, '-c:v', 'libwebp']),
  mp4: make('a.mp4', [...moving, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac']),
  mov: make('a.mov', [...moving, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac']),
  webm: make('a.webm', [...moving, '-c:v', 'libvpx', '-c:a', 'libvorbis']),
  mp3: make('a.mp3', [...tone, '-c:a', 'libmp3lame']),
  wav: make('a.wav', tone),
  m4a: make('a.m4a', [...tone, '-c:a', 'aac', '-f', 'ipod']),
  flac: make('a.flac', tone),
  ogg: make('a.ogg', [...tone, '-c:a', 'libvorbis']),
  aac: make('a.aac', [...tone, '-c:a', 'aac', '-f', 'adts']),
};

const SPEC_CODES = new Set(['UNSUPPORTED_MEDIA_TYPE', 'UNDECODABLE_IMAGE', 'UNDECODABLE_VIDEO', 'UNDECODABLE_AUDIO', 'FILE_TOO_LARGE', 'NOT_ASSESSABLE']);

/** The Detection, or the MediaError's code (any other error is returned as 'other: ...'). */
async function outcome(bytes: Uint8Array, filename: string): Promise<Detection | string> {
  try {
    return await engine.detect(bytes, { filename });
  } catch (error) {
    return error instanceof MediaError ? mediaSpecCode(error) : `other: ${String(error)}`;
  }
}

function corrupt(bytes: Uint8Array, seed: number): Uint8Array {
  const random = seededRandom(seed);
  const out = bytes.slice();
  const from = Math.floor(out.length * 0.3);
  for (let i = from; i < Math.min(out.length, from + Math.max(64, out.length / 5)); i++) out[i] = Math.floor(random() * 256);
  return out;
}

describe('media robustness', () => {
  it.each(Object.keys(CONTAINERS))('%s: whole, truncated and corrupted files end in a Detection or a spec code', async (ext) => {
    const whole = CONTAINERS[ext]!;
    const type = (await outcome(whole, `a.${ext}`)) as Detection | string;
    // the whole file is read as its type: pictures and video are scored, tones are judged to hold no speech
    if (['jpg', 'png', 'webp'].includes(ext)) expect((type as Detection).media.type).toBe('image');
    else if (['mp4', 'mov', 'webm'].includes(ext)) expect((type as Detection).frames).toHaveLength(2);
    else expect(type).toBe('NOT_ASSESSABLE');
    for (const broken of [whole.subarray(0, Math.floor(whole.length / 2)), whole.subarray(0, 40), corrupt(whole, 1), corrupt(whole, 2)]) {
      const result = await outcome(broken, `broken.${ext}`);
      if (typeof result === 'string') expect(SPEC_CODES).toContain(result);
      else expect(result.status).toBe('completed');
    }
  });

  it('answers zero-length media, a clip without a video stream, silence and a too-short clip with their codes', async () => {
    expect(await outcome(new Uint8Array(0), 'empty.mp4')).toBe('UNDECODABLE_IMAGE');
    // an MP4 without a picture is a recording: analysed as audio, where a tone holds no voice
    const audioOnly = make('audio-only.mp4', [...tone, '-c:a', 'aac']);
    expect(await outcome(audioOnly, 'audio-only.mp4')).toBe('NOT_ASSESSABLE');
    const silence = make('silence.wav', ['-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=mono', '-t', '6']);
    expect(toMediaErrorBody(await engine.detect(silence, { filename: 'silence.wav' }).catch((e: unknown) => e))).toMatchObject({
      error: { code: 'NOT_ASSESSABLE' },
      reasons: ['no_voice_content'],
    });
    const blip = make('blip.wav', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=0.4']);
    expect(toMediaErrorBody(await engine.detect(blip, { filename: 'blip.wav' }).catch((e: unknown) => e))).toMatchObject({
      error: { code: 'NOT_ASSESSABLE' },
      reasons: ['audio_too_short'],
    });
    const lines: string[] = [];
    expect(await main(['detect', '--json', join(dir, 'audio-only.mp4'), join(dir, 'silence.wav')], { out: (t) => lines.push(t), err: () => undefined })).toBe(
      0,
    );
    expect(lines.map((l) => (JSON.parse(l) as { error: { code: string } }).error.code)).toEqual(['NOT_ASSESSABLE', 'NOT_ASSESSABLE']);
  });

  it('scores a video of one frame (its one frame is found, not lost to a seek past it)', async () => {
    const one = make('one-frame.mp4', ['-f', 'lavfi', '-i', 'testsrc=size=128x96:rate=25', '-frames:v', '1', '-pix_fmt', 'yuv420p']);
    const d = await engine.detect(one, { filename: 'one-frame.mp4' });
    expect(d.frames).toHaveLength(1);
    expect(d.frames?.[0]?.score).toEqual(expect.any(Number));
    expect(d.credits_used).toBe(1);
  });

  it('gives a 1-pixel picture a null score and refuses a 100-megapixel header before decoding', async () => {
    const encode = createCanvasDecoder().encodeJpeg!;
    const dot = await encode({ width: 1, height: 1, rgba: new Uint8Array([200, 10, 10, 255]) }, 90);
    const d = (await outcome(dot, 'dot.jpg')) as Detection;
    expect(d).toMatchObject({ score: null, verdict: 'ALERT', credits_used: 1 });
    const bomb = CONTAINERS.png!.slice();
    new DataView(bomb.buffer).setUint32(16, 10_000);
    new DataView(bomb.buffer).setUint32(20, 10_001);
    expect(await outcome(bomb, 'bomb.png')).toBe('UNDECODABLE_IMAGE');
  });
});
