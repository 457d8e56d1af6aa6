// The LinkResolver on yt-dlp, used when it is installed: the page is read for its metadata first
// (`-J`) — a playlist, a live or upcoming stream, or a video over five minutes is refused
// `LINK_NOT_RESOLVABLE` before anything is downloaded — then the video is streamed from yt-dlp's
// stdout under the 100 MB cap. All of yt-dlp's traffic goes through the egress proxy, so the
// egress rule holds for every request it makes (a refused address comes back as HTTP 451). Its
// error messages are mapped to the spec's `resolverCode`s.
import { spawn } from 'node:child_process';
import type { MediaDecoder, Source } from '@loupe/core';
import { type MediaHttpError, stringError } from '../http/errors/media-errors.js';
import { type LinkResolver, noResolver } from './links.js';

/** Options of the yt-dlp resolver. */
export interface YtDlpOptions {
  /** The egress proxy every request of yt-dlp goes through. */
  proxyUrl: () => Promise<string>;
  /** Probes downloaded bytes when the page did not state a duration. */
  decoder: MediaDecoder;
  maxBytes: number;
  timeoutMs: number;
  /** Longest video accepted, seconds (default 300). */
  maxDurationS?: number;
  binary?: string;
  /**
   * Whether yt-dlp runs here (`ytDlpInstalled`), looked up once while the server starts and awaited
   * by the first link that needs it; without it the link is answered as by a deployment with no
   * resolver.
   */
  installed?: Promise<boolean>;
}

/**
 * Resolves true when `yt-dlp` runs here. Asynchronous: yt-dlp is a Python program whose start takes
 * half a second on a loaded machine, which a server's start should not wait for.
 */
export function ytDlpInstalled(binary = 'yt-dlp'): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(binary, ['--version'], { stdio: 'ignore' });
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}

const refusal = (status: number, code: string, resolverCode: string, retryable: boolean, message: string): MediaHttpError =>
  stringError(status, code, message, { retryable, resolverCode });

/** The spec's answer for yt-dlp's complaint. */
function failure(stderr: string, timedOut: boolean): MediaHttpError {
  const text =
    stderr
      .split('\n')
      .filter((l) => /ERROR/.test(l))
      .join(' ')
      .slice(0, 400) || stderr.slice(-400);
  if (timedOut) return refusal(504, 'LINK_RESOLUTION_TIMEOUT', 'FETCH_TIMEOUT', true, 'The video page did not answer in time.');
  if (/HTTP Error 451/i.test(text)) return refusal(422, 'LINK_NOT_RESOLVABLE', 'UNSUPPORTED_URL', false, 'The link leads to an address that is not public.');
  if (/private video/i.test(text)) return refusal(422, 'LINK_NOT_RESOLVABLE', 'VIDEO_PRIVATE', false, text);
  if (/(unavailable|has been removed|deleted|HTTP Error 404|HTTP Error 410)/i.test(text))
    return refusal(422, 'LINK_NOT_RESOLVABLE', 'VIDEO_DELETED', false, text);
  if (/(sign in|log in|login|cookies)/i.test(text)) return refusal(422, 'LINK_NOT_RESOLVABLE', 'LOGIN_REQUIRED', false, text);
  if (/age/i.test(text) && /(restrict|confirm your age)/i.test(text)) return refusal(422, 'LINK_NOT_RESOLVABLE', 'AGE_RESTRICTED', false, text);
  if (/(not available in your country|geo)/i.test(text)) return refusal(422, 'LINK_NOT_RESOLVABLE', 'GEO_BLOCKED', false, text);
  if (/HTTP Error 429/i.test(text)) return refusal(502, 'LINK_RESOLUTION_FAILED', 'RATE_LIMITED', true, text);
  if (/HTTP Error 403/i.test(text)) return refusal(502, 'LINK_RESOLUTION_FAILED', 'PLATFORM_BLOCKED', true, text);
  if (/(unsupported url|no video formats|no media found|unable to extract)/i.test(text)) return refusal(422, 'LINK_NOT_RESOLVABLE', 'NOT_A_VIDEO', false, text);
  return refusal(502, 'LINK_RESOLUTION_FAILED', 'FETCH_FAILED', true, text || 'The video could not be fetched.');
}

/** Runs yt-dlp; resolves to its stdout (at most `cap` bytes) or rejects with the spec's refusal. */
function run(binary: string, args: string[], cap: number, timeoutMs: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let size = 0;
    let stderr = '';
    let timedOut = false;
    let tooLarge = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > cap) {
        tooLarge = true;
        child.kill('SIGKILL');
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 64 * 1024) stderr += chunk.toString();
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(refusal(501, 'LINK_RESOLUTION_UNAVAILABLE', 'EXTRACTOR_OUTDATED', false, `yt-dlp could not run: ${error.message}`));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (tooLarge) return reject(refusal(413, 'LINK_MEDIA_TOO_LARGE', 'MEDIA_TOO_LARGE', false, `The video is over the ${cap}-byte cap.`));
      if (code !== 0 || timedOut) return reject(failure(stderr, timedOut));
      resolve(Buffer.concat(chunks, size));
    });
  });
}

interface PageInfo {
  _type?: string;
  is_live?: boolean;
  live_status?: string;
  duration?: number;
  webpage_url?: string;
  extractor_key?: string;
  title?: string;
  uploader?: string;
  ext?: string;
  id?: string;
}

/** The yt-dlp resolver. */
export function createYtDlpResolver(options: YtDlpOptions): LinkResolver {
  const binary = options.binary ?? 'yt-dlp';
  const maxDurationS = options.maxDurationS ?? 300;
  return {
    async resolve(url) {
      if (options.installed && !(await options.installed)) throw noResolver();
      const proxy = await options.proxyUrl();
      const common = ['--proxy', proxy, '--socket-timeout', '20', '--no-warnings', '--no-cache-dir', '--ignore-config'];
      const info = JSON.parse(
        (await run(binary, ['-J', '--flat-playlist', ...common, '--', url], 16 * 1024 * 1024, options.timeoutMs)).toString('utf8'),
      ) as PageInfo;
      if (info._type === 'playlist' || info._type === 'multi_video')
        throw refusal(422, 'LINK_NOT_RESOLVABLE', 'NOT_A_VIDEO', false, 'The link is a playlist; send one video.');
      if (info.is_live || info.live_status === 'is_live' || info.live_status === 'is_upcoming')
        throw refusal(422, 'LINK_NOT_RESOLVABLE', 'NOT_A_VIDEO', false, 'The link is a live stream.');
      if ((info.duration ?? 0) > maxDurationS)
        throw refusal(
          422,
          'LINK_NOT_RESOLVABLE',
          'TOO_LONG',
          false,
          `The video lasts ${Math.round(info.duration!)} s; at most ${maxDurationS} s are accepted.`,
        );
      const page = info.webpage_url ?? url;
      const bytes = await run(binary, ['-f', 'best[ext=mp4]/best', '-o', '-', ...common, '--', page], options.maxBytes, options.timeoutMs);
      if (bytes.length === 0) throw refusal(422, 'LINK_NOT_RESOLVABLE', 'NOT_A_VIDEO', false, 'The page held no video.');
      const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      let duration = info.duration;
      if (duration === undefined) {
        duration = (await options.decoder.probe(data).catch(() => ({ durationS: 0 }))).durationS;
        if (duration > maxDurationS)
          throw refusal(422, 'LINK_NOT_RESOLVABLE', 'TOO_LONG', false, `The video lasts ${Math.round(duration)} s; at most ${maxDurationS} s are accepted.`);
      }
      const source: Source = {
        url,
        canonical_url: page,
        ...(info.extractor_key ? { platform: info.extractor_key.toLowerCase() } : {}),
        ...(info.title ? { title: info.title } : {}),
        ...(info.uploader ? { uploader: info.uploader } : {}),
        ...(duration ? { duration_s: Math.round(duration * 100) / 100 } : {}),
        truncated: false,
        ...(duration ? { analyzed_duration_s: Math.round(duration * 100) / 100 } : {}),
      };
      return { bytes: data, filename: `${info.id ?? 'video'}.${info.ext ?? 'mp4'}`, source };
    },
  };
}
