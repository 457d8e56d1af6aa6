// Word-level diff for revision text: Myers' O((N+M)D) algorithm on word tokens after trimming
// the common prefix and suffix, then grouped into hunks a reviewer can read — the changed words
// with a few words of context either side, not whole pages.

/** One edit: a run of removed words and the run of added words that replaced them. */
export interface DiffHunk {
  before: string[];
  after: string[];
  /** Unchanged words just before and just after the edit. */
  contextBefore: string[];
  contextAfter: string[];
  /** Index of the hunk's first word in the old and in the new word list. */
  startA: number;
  startB: number;
}

/** Splits text into words (runs of non-whitespace). */
export function tokenizeWords(text: string): string[] {
  return text.split(/\s+/).filter((w) => w.length > 0);
}

/** Longest edit distance explored before the diff gives up and reports one replacement. */
const MAX_EDIT_DISTANCE = 4000;

type Op = 0 | 1 | 2; // equal, delete, insert

function myers(a: string[], b: string[]): Op[] | undefined {
  const n = a.length;
  const m = b.length;
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x: number;
      if (k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!)) x = v[offset + k + 1]!;
      else x = v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        // backtrack
        const ops: Op[] = [];
        let cx = n;
        let cy = m;
        for (let dd = d; dd > 0; dd--) {
          const vv = trace[dd]!;
          const kk = cx - cy;
          const prevK = kk === -dd || (kk !== dd && vv[offset + kk - 1]! < vv[offset + kk + 1]!) ? kk + 1 : kk - 1;
          const prevX = vv[offset + prevK]!;
          const prevY = prevX - prevK;
          while (cx > prevX && cy > prevY) {
            ops.push(0);
            cx--;
            cy--;
          }
          ops.push(cx === prevX ? 2 : 1);
          cx = prevX;
          cy = prevY;
        }
        while (cx > 0 && cy > 0) {
          ops.push(0);
          cx--;
          cy--;
        }
        return ops.reverse();
      }
    }
  }
  return undefined;
}

/** Diffs two word lists into hunks with `context` words either side. */
export function diffWords(a: string[], b: string[], context = 6): DiffHunk[] {
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const midA = a.slice(pre, a.length - suf);
  const midB = b.slice(pre, b.length - suf);
  if (midA.length === 0 && midB.length === 0) return [];
  let ops = myers(midA, midB);
  if (!ops) ops = [...midA.map((): Op => 1), ...midB.map((): Op => 2)];
  const hunks: DiffHunk[] = [];
  let ia = pre;
  let ib = pre;
  let current: { before: string[]; after: string[]; startA: number; startB: number } | undefined;
  const close = (endA: number): void => {
    if (!current) return;
    hunks.push({
      before: current.before,
      after: current.after,
      contextBefore: a.slice(Math.max(0, current.startA - context), current.startA),
      contextAfter: a.slice(endA, endA + context),
      startA: current.startA,
      startB: current.startB,
    });
    current = undefined;
  };
  let equalRun = 0;
  for (const op of ops) {
    if (op === 0) {
      equalRun++;
      // merge edits separated by fewer than 2*context equal words into one hunk
      if (current && equalRun > context * 2) close(ia - equalRun + 1);
      ia++;
      ib++;
      continue;
    }
    if (current && equalRun > 0) {
      // the equal words between two close edits belong to both sides
      const between = a.slice(ia - equalRun, ia);
      current.before.push(...between);
      current.after.push(...between);
    }
    equalRun = 0;
    current ??= { before: [], after: [], startA: ia, startB: ib };
    if (op === 1) current.before.push(a[ia++]!);
    else current.after.push(b[ib++]!);
  }
  close(ia - equalRun);
  return hunks;
}
