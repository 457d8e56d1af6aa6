import { MediaError, toMediaErrorBody } from '@loupe/core';
import { serializeError } from '@loupe/core/internal';
import { describe, expect, it } from 'vitest';
import { Pool, PoolError, type WorkerExit, type WorkerHandle } from './pool.js';
import type { WorkerRequest, WorkerResponse } from './protocol.js';

/** In-memory workers: each request is answered after `delay(request)` ms by `answer(request)`. */
function fakeWorkers(answer: (r: WorkerRequest) => WorkerResponse | 'hang' | 'crash' | 'oom', delay = (): number => 5) {
  const spawned: { terminated: boolean; transfers: number }[] = [];
  const spawn = (): WorkerHandle => {
    const state = { terminated: false, transfers: 0 };
    spawned.push(state);
    let onMessage: (r: WorkerResponse) => void = () => undefined;
    let onExit: (e: WorkerExit) => void = () => undefined;
    return {
      post(request, transfer) {
        state.transfers += transfer.length;
        onMessage({ type: 'progress', id: request.id, stage: 'started' });
        setTimeout(() => {
          if (state.terminated) return;
          const a = answer(request);
          if (a === 'hang') return;
          if (a === 'crash' || a === 'oom') onExit({ reason: a === 'oom' ? 'out_of_memory' : 'crashed', message: a });
          else onMessage(a);
        }, delay());
      },
      listen(m, e) {
        onMessage = m;
        onExit = e;
      },
      async terminate() {
        state.terminated = true;
      },
    };
  };
  return { spawn, spawned };
}

const echo = (r: WorkerRequest): WorkerResponse => ({ type: 'result', id: r.id, value: (r.input as { name: string }).name });
const code = (p: Promise<unknown>): Promise<string> =>
  p.then(
    () => 'ok',
    (e: { code?: string }) => e.code ?? 'none',
  );

describe('pool', () => {
  it('runs jobs on its workers, transfers whole buffers and reports progress', async () => {
    const { spawn, spawned } = fakeWorkers(echo);
    const pool = new Pool({ spawn, size: 2 });
    const stages: string[] = [];
    const names = await Promise.all(['a', 'b', 'c', 'd'].map((name) => pool.run('scan', new Uint8Array(8), { name }, { onProgress: (s) => stages.push(s) })));
    expect(names).toEqual(['a', 'b', 'c', 'd']);
    expect(stages.filter((s) => s === 'started')).toHaveLength(4);
    expect(spawned).toHaveLength(2);
    expect(spawned.reduce((n, s) => n + s.transfers, 0)).toBe(4);
    await pool.close();
  });

  it('refuses at once when the queue is full and serves again after', async () => {
    const { spawn } = fakeWorkers(echo, () => 20);
    const pool = new Pool({ spawn, size: 1, maxQueue: 2 });
    const jobs = ['a', 'b', 'c'].map((name) => pool.run('scan', new Uint8Array(1), { name }));
    const refused = pool.run('scan', new Uint8Array(1), { name: 'd' });
    await expect(refused).rejects.toMatchObject({ code: 'queue_full' });
    expect(await Promise.all(jobs)).toEqual(['a', 'b', 'c']);
    expect(await pool.run('scan', new Uint8Array(1), { name: 'e' })).toBe('e');
    await pool.close();
  });

  it('stops a job past its time limit, replaces the worker and keeps serving', async () => {
    const { spawn, spawned } = fakeWorkers((r) => ((r.input as { name: string }).name === 'slow' ? 'hang' : echo(r)));
    const pool = new Pool({ spawn, size: 1, timeoutMs: 50 });
    const slow = pool.run('scan', new Uint8Array(1), { name: 'slow' });
    const next = pool.run('scan', new Uint8Array(1), { name: 'next' });
    expect(await code(slow)).toBe('job_timeout');
    expect(await next).toBe('next');
    expect(spawned.map((s) => s.terminated)).toEqual([true, false]);
    await pool.close();
  });

  it('cancels waiting and running jobs', async () => {
    const { spawn } = fakeWorkers((r) => ((r.input as { name: string }).name === 'long' ? 'hang' : echo(r)));
    const pool = new Pool({ spawn, size: 1 });
    const running = new AbortController();
    const waiting = new AbortController();
    const a = pool.run('scan', new Uint8Array(1), { name: 'long' }, { signal: running.signal });
    const b = pool.run('scan', new Uint8Array(1), { name: 'b' }, { signal: waiting.signal });
    const c = pool.run('scan', new Uint8Array(1), { name: 'c' });
    waiting.abort();
    expect(await code(b)).toBe('job_cancelled');
    running.abort();
    expect(await code(a)).toBe('job_cancelled');
    expect(await c).toBe('c');
    await pool.close();
  });

  it('ends jobs whose worker crashed or ran out of memory, and revives engine errors with their codes', async () => {
    const { spawn } = fakeWorkers((r) => {
      const name = (r.input as { name: string }).name;
      if (name === 'crash' || name === 'oom') return name;
      if (name === 'bad') return { type: 'error', id: r.id, error: serializeError(new MediaError('not_assessable', 'silence', ['no_voice_content'])) };
      return echo(r);
    });
    const pool = new Pool({ spawn, size: 1 });
    expect(await code(pool.run('scan', new Uint8Array(1), { name: 'crash' }))).toBe('worker_crashed');
    expect(await code(pool.run('scan', new Uint8Array(1), { name: 'oom' }))).toBe('job_out_of_memory');
    const bad = await pool.run('detect', new Uint8Array(1), { filename: 'x', name: 'bad' } as never).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(MediaError);
    expect(toMediaErrorBody(bad)).toMatchObject({ error: { code: 'NOT_ASSESSABLE' }, reasons: ['no_voice_content'] });
    expect(await pool.run('scan', new Uint8Array(1), { name: 'fine' })).toBe('fine');
    await pool.close();
    await expect(pool.run('scan', new Uint8Array(1), { name: 'late' })).rejects.toBeInstanceOf(PoolError);
  });
});
