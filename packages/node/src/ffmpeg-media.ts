// The `MediaDecoder` port on Node: ffprobe and ffmpeg (the system's when on PATH, else the static
// builds shipped in @ffmpeg-installer/ffmpeg and @ffprobe-installer/ffprobe). They read the file
// the bytes came from when the caller read them with `readMediaFile` and it is unchanged; other
// bytes are served to them over a loopback HTTP server that answers range requests, so containers
// whose index sits at the end (most MP4 and MOV files) can be read with seeks and nothing is
// written to disk; frames are decoded at the planned times only (one short ffmpeg run per time,
// input seeking, a few at once, each handed over as it is decoded; in one decoding pass when key
// frames are too sparse for seeks to pay) and come back as raw RGBA through a pipe, audio as mono
// f32 PCM. Every run has
// a time limit and an output bound.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { delimiter, join } from 'node:path';
import type { DecodedFrame, MediaDecoder, MediaProbe, PixelRect } from '@loupe/core/media';
import { unchangedFileOf } from './media-files.js';

/** Options of the ffmpeg media decoder. */
export interface FfmpegOptions {
  ffmpeg?: string;
  ffprobe?: string;
  /** Wall-clock limit of one ffmpeg or ffprobe run, ms (default 30 s). */
  timeoutMs?: number;
  /** Frames decoded at once (default: the machine's cores, at most 4). */
  concurrency?: number;
}

/** Serves `bytes` on 127.0.0.1 with range support until the callback settles. */
async function served<T>(bytes: Uint8Array, use: (url: string) => Promise<T>): Promise<T> {
  const server: Server = createServer((req, res) => {
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    let start = 0;
    let end = bytes.length - 1;
    if (range) {
      if (range[1]) start = Number(range[1]);
      if (range[2]) end = Math.min(end, Number(range[2]));
      if (!range[1] && range[2]) {
        start = Math.max(0, bytes.length - Number(range[2]));
        end = bytes.length - 1;
      }
      if (start > end || start >= bytes.length) {
        res.writeHead(416, { 'Content-Range': `bytes */${bytes.length}` }).end();
        return;
      }
      res.writeHead(206, { 'Content-Range': `bytes ${start}-${end}/${bytes.length}`, 'Content-Length': end - start + 1, 'Accept-Ranges': 'bytes' });
    } else {
      res.writeHead(200, { 'Content-Length': bytes.length, 'Accept-Ranges': 'bytes' });
    }
    res.end(req.method === 'HEAD' ? undefined : Buffer.from(bytes.buffer, bytes.byteOffset + start, end - start + 1));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}/media`);
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/**
 * Runs `use` on an input ffmpeg can read holding `bytes`: the file they were read from when it is
 * unchanged (media-files.ts; `file:` so no other protocol is ever chosen), else the loopback server.
 */
async function inputOf<T>(bytes: Uint8Array, use: (input: string) => Promise<T>): Promise<T> {
  const file = await unchangedFileOf(bytes);
  return file ? use(`file:${file}`) : served(bytes, use);
}

/** A tool's last words without the URLs and paths it names (those are the service's, not the caller's). */
export function plainMessage(line: string): string {
  return line
    .replace(/[a-z][a-z0-9+.-]*:\/\/[^\s]*?(?=:\s|\s|$)/gi, 'the input')
    .replace(/(^|\s)\/[^\s:]+/g, '$1the input')
    .trim();
}

/** Runs a command and collects stdout up to `maxBytes`, within `timeoutMs`. */
function run(command: string, args: string[], maxBytes: number, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) child.kill('SIGKILL');
      else chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(chunks));
      else
        reject(
          new Error(
            // in the caller's terms: the file, never the tool that read it or where it lives
            signal
              ? `Decoding the file stopped at ${size > maxBytes ? 'its output bound' : 'its time limit'}.`
              : `The file could not be decoded: ${plainMessage(stderr.trim().split('\n').pop() || `exit status ${code}`)}`,
          ),
        );
    });
  });
}

/**
 * Whether seeking to each planned time would decode more than one pass over the clip: each seek
 * decodes from the key frame before its time, half a key-frame interval on average, so `count`
 * seeks cost about count x interval / 2 against the clip's length for one pass. The key frames
 * are counted by ffprobe from the packets' flags, decoding nothing (listing decoded key frames
 * cost a 60 s clip 0.17 s; the packets 0.02 s).
 */
async function keyFramesSparse(ffprobe: string, url: string, durationS: number, count: number, timeoutMs: number): Promise<boolean> {
  if (!(durationS > 0) || count < 2) return false;
  try {
    const out = await run(ffprobe, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=flags', '-of', 'csv=p=0', url], 1 << 22, timeoutMs);
    const keys = out
      .toString()
      .split('\n')
      .filter((l) => l.includes('K')).length;
    return keys > 0 && (count * (durationS / keys)) / 2 > durationS;
  } catch {
    return false;
  }
}

/** Audio above this rate is brought down to it by ffmpeg (the core resamples the rest). */
const MAX_AUDIO_RATE = 48000;

/** Creates the ffmpeg media decoder. */
export function createFfmpegMediaDecoder(options: FfmpegOptions = {}): MediaDecoder {
  // found when first run (finding them runs each once: a photo's detection never does)
  const ffmpeg = (): string => options.ffmpeg ?? ffmpegPaths().ffmpeg;
  const ffprobe = (): string => options.ffprobe ?? ffmpegPaths().ffprobe;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const concurrency = Math.max(1, options.concurrency ?? Math.min(4, availableParallelism()));
  const probeUrl = async (url: string): Promise<MediaProbe> => {
    const out = await run(ffprobe(), ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', url], 4 << 20, timeoutMs);
    const info = JSON.parse(out.toString()) as {
      format?: { duration?: string };
      streams?: { codec_type?: string; width?: number; height?: number; sample_rate?: string; channels?: number; duration?: string }[];
    };
    const video = info.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
    const audio = info.streams?.find((s) => s.codec_type === 'audio');
    if (!video && !audio) throw new Error('The container holds no video or audio stream that can be decoded.');
    const duration = Number(info.format?.duration ?? video?.duration ?? audio?.duration ?? 0);
    return {
      durationS: Number.isFinite(duration) ? duration : 0,
      ...(video ? { video: { width: video.width!, height: video.height! } } : {}),
      ...(audio ? { audio: { sampleRate: Number(audio.sample_rate ?? 0), channels: audio.channels ?? 0 } } : {}),
    };
  };
  return {
    probe: (bytes) => inputOf(bytes, probeUrl),
    frames: (bytes, timesS, maxSide, known, onFrame) =>
      inputOf(bytes, async (url) => {
        const probe = known ?? (await probeUrl(url));
        if (!probe.video) return timesS.map((timeS) => ({ timeS, error: 'no video stream' }));
        const scale = Math.min(1, maxSide / Math.max(probe.video.width, probe.video.height));
        const width = Math.max(2, Math.round((probe.video.width * scale) / 2) * 2);
        const height = Math.max(2, Math.round((probe.video.height * scale) / 2) * 2);
        const frameBytes = width * height * 4;
        const toFrame = (timeS: number, raw: Buffer): DecodedFrame => ({ timeS, width, height, rgba: new Uint8Array(raw.buffer, raw.byteOffset, frameBytes) });
        if (await keyFramesSparse(ffprobe(), url, probe.durationS, timesS.length, timeoutMs)) {
          // one decoding pass that keeps the first frame at or after each planned time
          const select = timesS.map((t) => `lt(prev_pts*TB\\,${t})*gte(t\\,${t})`).join('+');
          try {
            const raw = await run(
              ffmpeg(),
              [
                '-v',
                'error',
                '-i',
                url,
                '-map',
                '0:v:0',
                '-vf',
                `select='${select}',scale=${width}:${height}`,
                '-vsync',
                '0',
                '-f',
                'rawvideo',
                '-pix_fmt',
                'rgba',
                'pipe:1',
              ],
              frameBytes * timesS.length,
              timeoutMs * 2,
            );
            const frames = timesS.map((timeS, i) =>
              (i + 1) * frameBytes <= raw.length
                ? toFrame(timeS, raw.subarray(i * frameBytes, (i + 1) * frameBytes))
                : { timeS, error: 'no frame decoded at this time' },
            );
            for (const [i, frame] of frames.entries()) onFrame?.(i, frame);
            return frames;
          } catch (error) {
            return timesS.map((timeS) => ({ timeS, error: (error as Error).message }));
          }
        }
        const decodeAt = async (timeS: number, seekS = timeS): Promise<DecodedFrame> => {
          try {
            const raw = await run(
              ffmpeg(),
              [
                '-v',
                'error',
                // one decoding thread a run: the runs go `concurrency` at a time, one a core (a 60 s
                // 720p clip's 20 frames 3.2 -> 2.8 s on two cores)
                '-threads',
                '1',
                '-ss',
                String(seekS),
                '-i',
                url,
                '-frames:v',
                '1',
                '-vf',
                `scale=${width}:${height}`,
                '-f',
                'rawvideo',
                '-pix_fmt',
                'rgba',
                'pipe:1',
              ],
              frameBytes,
              timeoutMs,
            );
            if (raw.length === frameBytes) return toFrame(timeS, raw);
            // nothing shows at or after the time (a clip of one frame, a last frame that ends early): take the frame half a second before
            if (seekS === timeS && timeS > 0) return decodeAt(timeS, Math.max(0, timeS - 0.5));
            return { timeS, error: 'no frame decoded at this time' };
          } catch (error) {
            return { timeS, error: (error as Error).message };
          }
        };
        // each time is its own seek-and-decode run; `concurrency` of them at once
        const frames = new Array<DecodedFrame>(timesS.length);
        let next = 0;
        const worker = async (): Promise<void> => {
          while (next < timesS.length) {
            const i = next++;
            frames[i] = await decodeAt(timesS[i]!);
            onFrame?.(i, frames[i]);
          }
        };
        await Promise.all(Array.from({ length: Math.min(concurrency, timesS.length) }, worker));
        return frames;
      }),
    audio: (bytes) =>
      inputOf(bytes, async (url) => {
        const probe = await probeUrl(url);
        if (!probe.audio) throw new Error('the container holds no audio stream');
        const native = probe.audio.sampleRate;
        const sampleRate = native > 0 ? Math.min(native, MAX_AUDIO_RATE) : MAX_AUDIO_RATE;
        // 50 MiB of audio is at most a few hours; bound the PCM at 3 hours of samples
        const raw = await run(
          ffmpeg(),
          ['-v', 'error', '-i', url, '-map', '0:a:0', '-vn', '-ac', '1', '-ar', String(sampleRate), '-f', 'f32le', 'pipe:1'],
          sampleRate * 4 * 3 * 3600,
          timeoutMs,
        );
        return { sampleRate, samples: new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length - (raw.length % 4))) };
      }),
  };
}

/**
 * Decodes one still picture (a WEBP) of known size to RGBA with ffmpeg, in its own process: a
 * damaged file ends in an error, never in a crash of this process.
 */
export async function decodeStill(bytes: Uint8Array, width: number, height: number, timeoutMs = 10_000): Promise<Uint8Array> {
  // over the loopback server, not stdin: older ffmpeg builds cannot size a WEBP read from a pipe
  const raw = await served(bytes, (url) =>
    run(ffmpegPaths().ffmpeg, ['-v', 'error', '-i', url, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'], width * height * 4, timeoutMs),
  );
  if (raw.length !== width * height * 4) throw new Error(`The picture decoded to ${raw.length} bytes, not ${width} x ${height} pixels.`);
  return new Uint8Array(raw.buffer, raw.byteOffset, raw.length);
}

/**
 * Decodes the grey levels of `rects` of a JPEG (whose first component is its luma) with ffmpeg, in
 * its own process: the luma plane kept as it is (`format=gray`, no colour conversion; before any
 * crop, which would round odd sizes to the chroma grid), each rectangle cropped from it, stacked
 * into one output (narrower ones padded) and cut apart here. The stored orientation is kept.
 */
export async function decodeJpegLumaRegions(bytes: Uint8Array, rects: readonly PixelRect[], timeoutMs = 10_000): Promise<Uint8Array[]> {
  const wide = Math.max(...rects.map((r) => r.width));
  const crops = rects.map((r, i) => `[s${i}]crop=${r.width}:${r.height}:${r.x}:${r.y}${r.width < wide ? `,pad=${wide}:${r.height}` : ''}[t${i}]`);
  const stack = rects.length > 1 ? `;${rects.map((_, i) => `[t${i}]`).join('')}vstack=inputs=${rects.length}[out]` : '';
  const graph = `[0:v]format=gray,split=${rects.length}${rects.map((_, i) => `[s${i}]`).join('')};${crops.join(';')}${stack}`;
  const size = wide * rects.reduce((n, r) => n + r.height, 0);
  const args = (input: string): string[] => [
    ...['-v', 'error', '-noautorotate', '-f', 'jpeg_pipe', '-i', input, '-filter_complex', graph],
    ...['-map', rects.length > 1 ? '[out]' : '[t0]', '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
  ];
  const raw = await inputOf(bytes, (input) => run(ffmpegPaths().ffmpeg, args(input), size, timeoutMs));
  if (raw.length !== size) throw new Error(`The picture's regions decoded to ${raw.length} bytes, not ${size}.`);
  let row = 0;
  return rects.map((r) => {
    const luma = new Uint8Array(r.width * r.height);
    for (let y = 0; y < r.height; y++) luma.set(raw.subarray((row + y) * wide, (row + y) * wide + r.width), y * r.width);
    row += r.height;
    return luma;
  });
}

/** True when `command` is an executable file in a folder of PATH (looked up, not run: running both tools took 50 ms of a photo's detection). */
function onPath(command: string): boolean {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => {
    try {
      accessSync(join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

let paths: { ffmpeg: string; ffprobe: string } | undefined;

/** The ffmpeg and ffprobe to run: the system's when both are on PATH, else the packaged static builds. */
export function ffmpegPaths(): { ffmpeg: string; ffprobe: string } {
  if (paths) return paths;
  if (onPath('ffmpeg') && onPath('ffprobe')) paths = { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' };
  else {
    const require = createRequire(import.meta.url);
    paths = {
      ffmpeg: (require('@ffmpeg-installer/ffmpeg') as { path: string }).path,
      ffprobe: (require('@ffprobe-installer/ffprobe') as { path: string }).path,
    };
  }
  return paths;
}
