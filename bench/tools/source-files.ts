// The sources the per-source accounting reads (`sources.ts`, `calibrate-policy.ts`): where each
// is, its files with their labels, and what a scan of a file said as a snapshot keeps it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Label } from './materialize.js';

/** What a file's scan said, as the snapshot keeps it. */
export interface Seen {
  verdict: string;
  risk_score: number | null;
  /** The Document's confidence, headline and checks that passed (compared like the findings). */
  detail: string[];
  findings: string[];
  regions: string[];
}

/** A labelled file of a source (the corpus labels every file genuine, real-world). */
export type Labelled = Pick<Label, 'split' | 'technique'> & { class: Label['class'] | 'unsure'; path: string };

export const repo = resolve(import.meta.dirname, '..', '..');
const own = (name: string): string => join(repo, 'bench', 'out', 'sources', name);
/** The sources detection is tuned on; a further batch of generator seeds (`materialize.ts --as`) is not. */
export const TUNED_SOURCES: readonly string[] = ['corpus', 'outside', 'generated', 'families'];

/** Every source by name: where its files are (and any further batch `materialize.ts --as` wrote). */
export const SOURCES: Record<string, string> = {
  corpus: resolve(process.env.LOUPE_CORPUS ?? join(repo, '..', 'shared', 'corpus')),
  outside: resolve(process.env.LOUPE_OUTSIDE ?? join(repo, '..', 'shared', 'outside', 'set1')),
  generated: own('generated'),
  families: own('families'),
  ...Object.fromEntries((existsSync(own('')) ? readdirSync(own('')) : []).filter((name) => !TUNED_SOURCES.includes(name)).map((name) => [name, own(name)])),
};

const documentFile = (name: string): boolean => /\.(pdf|png|jpe?g)$/i.test(name);
function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? filesUnder(path) : documentFile(name) ? [path] : [];
    })
    .sort();
}

/** A person's judgement of a real-world file Loupe flagged (`bench/corpus-judgements.json`). */
interface Judgement {
  file: string;
  judgement: 'edited' | 'genuine' | 'unsure';
}
const judgements = new Map((JSON.parse(readFileSync(join(repo, 'bench', 'corpus-judgements.json'), 'utf8')) as Judgement[]).map((j) => [j.file, j.judgement]));

/**
 * The files of a source with their labels: a labels.json beside `files/`, or (the real-world
 * corpus) every file genuine but those a person judged edited (`tampered`, a real-world edit) or
 * could not judge (`unsure`, counted nowhere).
 */
export function labelledFiles(dir: string): Labelled[] {
  const labels = join(dir, 'labels.json');
  if (!existsSync(labels))
    return filesUnder(dir).map((path) => {
      const judged = judgements.get(relative(dir, path));
      const cls = judged === 'edited' ? 'tampered' : judged === 'unsure' ? 'unsure' : 'genuine';
      return { path, class: cls, split: 'held-in', technique: 'real world' };
    });
  // the outside set's labels have no split, and a class more (metadata_only) that is neither genuine nor an edit
  return (JSON.parse(readFileSync(labels, 'utf8')) as (Omit<Label, 'split'> & { split?: Label['split'] })[]).map((l) => ({
    path: join(dir, 'files', l.file),
    class: l.class,
    split: l.split ?? 'held-in',
    technique: String(l.technique ?? ''),
  }));
}

/** What a line of `loupe scan --json` said, as a snapshot keeps it. */
export function seen(line: string): Seen {
  const d = JSON.parse(line) as {
    verdict?: string;
    risk_score?: number;
    error?: { code: string };
    findings?: { code: string; confidence: number; summary: string }[];
    regions?: { page: number; x: number; y: number; w: number; h: number; indicator_code: string }[];
    confidence?: number;
    headline?: string;
    checks_passed?: string[];
  };
  return {
    verdict: d.verdict ?? `error:${d.error?.code ?? 'unknown'}`,
    risk_score: d.risk_score ?? null,
    detail: [`confidence ${d.confidence}`, `headline ${d.headline}`, `checks_passed ${(d.checks_passed ?? []).join(', ')}`],
    findings: (d.findings ?? []).map((f) => `${f.code} ${f.confidence} ${f.summary}`),
    regions: (d.regions ?? []).map((r) => `${r.indicator_code} p${r.page} ${r.x},${r.y},${r.w},${r.h}`),
  };
}

/** True when the verdict flags the file. */
export const flagged = (s: Seen): boolean => s.verdict === 'SUSPICIOUS' || s.verdict === 'FORGED';
