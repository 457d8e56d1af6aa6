// Audio detection end to end on the Node platform, on the committed clips of
// packages/fixtures/src/audio (natural words from a voice speechforge never trained on, and an espeak-ng
// voice variant it never heard; provenance in that folder's README), joined with silence made by
// ffmpeg. Also: detector versions, and a user's own model through `loupe detect --model`,
// checked against its manifest entry before any file is read.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MediaError, mediaSpecCode } from '@loupe/core';
import { fixtureAudio } from '@loupe/fixtures/paths';
import { photographScene } from '@loupe/fixtures/scenes';
import { createNodeMediaEngine, ffmpegPaths, MODELS_DIR } from '@loupe/node';
import { afterAll, describe, expect, it } from 'vitest';
import { main } from '../packages/cli/src/main.js';

const natural = new Uint8Array(readFileSync(fixtureAudio('natural-fr-words.ogg')));
const synthetic = new Uint8Array(readFileSync(fixtureAudio('espeak-en-us-m7.ogg')));
const engine = createNodeMediaEngine();
const dir = mkdtempSync(join(tmpdir(), 'loupe-audio-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ffmpeg(args: string[], name: string): Uint8Array {
  execFileSync(ffmpegPaths().ffmpeg, ['-v', 'error', ...args, join(dir, name)]);
  return new Uint8Array(readFileSync(join(dir, name)));
}

describe('audio detection', () => {
  it('scores natural speech as real and synthesised speech as AI, window by window', async () => {
    const real = await engine.detect(natural, { filename: 'words.ogg' });
    expect(real).toMatchObject({
      status: 'completed',
      verdict: 'LIKELY_REAL',
      credits_used: 1,
      model: 'loupe-media V1.5',
      media: { type: 'audio', mime_type: 'audio/ogg' },
    });
    expect(real.duration_ms).toBeGreaterThan(8800);
    expect(real.duration_ms).toBeLessThan(9000);
    expect(real.segments!.map((s) => [s.start_ms, s.end_ms])).toEqual([
      [0, 4000],
      [2000, 6000],
      [4000, 8000],
      [real.duration_ms! - 4000, real.duration_ms!],
    ]);
    for (const s of real.segments!) if (s.status === 'scored') expect(s.value).toBe(Math.round(s.value! * 10_000) / 10_000);
    expect(real.threshold_used).toBeUndefined();
    const fake = await engine.detect(synthetic, { filename: 'tts.ogg' });
    expect(fake.verdict).toBe('LIKELY_AI');
    expect(fake.score!).toBeGreaterThan(real.score!);
    expect(fake.summary).toMatch(/windows held speech/);
  });

  it('abstains on windows without speech and bills minutes rounded up', async () => {
    writeFileSync(join(dir, 'words.ogg'), natural);
    const padded = ffmpeg(
      [
        '-i',
        join(dir, 'words.ogg'),
        '-f',
        'lavfi',
        '-i',
        'anullsrc=r=24000:cl=mono',
        '-filter_complex',
        '[1]atrim=duration=60[s];[0][s]concat=n=2:v=0:a=1',
        '-c:a',
        'flac',
      ],
      'padded.flac',
    );
    const d = await engine.detect(padded, { filename: 'padded.flac' });
    expect(d.duration_ms).toBeGreaterThan(68_000);
    expect(d.credits_used).toBe(2);
    const quiet = d.segments!.filter((s) => s.start_ms >= 10_000);
    expect(quiet.length).toBeGreaterThan(20);
    for (const s of quiet) expect(s).toMatchObject({ value: null, status: 'abstained', reason_codes: ['no_voice_content'] });
    expect(d.segments!.filter((s) => s.status === 'scored').length).toBeGreaterThanOrEqual(3);
    expect(d.verdict === 'LIKELY_REAL' || d.verdict === 'LIKELY_AI').toBe(true);
  });

  it('labels and runs the detector version set for the account', async () => {
    const v16 = createNodeMediaEngine({ version: 'V1.6' });
    const photo = photographScene(905);
    const [a, b] = [await engine.detect(photo, { filename: 'p.jpg' }), await v16.detect(photo, { filename: 'p.jpg' })];
    expect(a.model).toBe('loupe-media V1.5');
    expect(b.model).toBe('loupe-media V1.6');
    expect(b.verdict).toBe('LIKELY_REAL');
    // different image models answer: the per-picture scores are not the same numbers
    expect(a.score).not.toBe(b.score);
  });

  it("runs a user's own model and refuses one that does not match its manifest or the task", async () => {
    const manifest = JSON.parse(readFileSync(join(MODELS_DIR, 'manifest.json'), 'utf8')) as {
      models: { id: string; file: string; sha256: string; inputs: { shape: unknown[] }[] }[];
    };
    const speech = manifest.models.find((m) => m.id === 'speechforge')!;
    const mine = join(dir, 'my-models');
    execFileSync('mkdir', ['-p', mine]);
    copyFileSync(join(MODELS_DIR, speech.file), join(mine, 'mine.onnx'));
    const entries = [
      { ...speech, id: 'my-speech', file: 'mine.onnx' },
      { ...speech, id: 'tampered', file: 'mine.onnx', sha256: '0'.repeat(64) },
      { ...speech, id: 'wrong-shape', file: 'mine.onnx', inputs: [{ name: 'features', shape: ['N', 12] }] },
    ];
    writeFileSync(join(mine, 'manifest.json'), JSON.stringify({ models: entries }));
    writeFileSync(join(dir, 'tts.ogg'), synthetic);
    const run = async (...args: string[]): Promise<{ code: number; out: string[]; err: string[] }> => {
      const out: string[] = [],
        err: string[] = [];
      const code = await main(['detect', '--json', `--models-dir=${mine}`, ...args, join(dir, 'tts.ogg')], {
        out: (t) => out.push(t),
        err: (t) => err.push(t),
      });
      return { code, out, err };
    };
    const ok = await run('--model=my-speech');
    expect(ok.code).toBe(0);
    expect((JSON.parse(ok.out[0]!) as { verdict: string }).verdict).toBe('LIKELY_AI');
    const tampered = await run('--model=tampered');
    expect(tampered.code).toBe(2);
    expect(tampered.err.join()).toMatch(/does not match its manifest/);
    expect((await run('--model=wrong-shape')).err.join()).toMatch(/expects input/);
    expect((await run('--model=docforge')).err.join()).toMatch(/task the media engine does not run/);
    expect((await run('--model=nothing-here')).err.join()).toMatch(/No model "nothing-here"/);
    expect((await run('--detector-version=V9')).err.join()).toMatch(/unknown detector version/);
    // through the engine option, an unusable model is the spec's DETECTORS_UNAVAILABLE
    const broken = createNodeMediaEngine({ models: { audio: 'tampered' }, modelsDir: mine });
    await expect(broken.detect(synthetic, { filename: 'tts.ogg' })).rejects.toSatisfy(
      (e: unknown) => e instanceof MediaError && mediaSpecCode(e) === 'DETECTORS_UNAVAILABLE',
    );
  });
});
