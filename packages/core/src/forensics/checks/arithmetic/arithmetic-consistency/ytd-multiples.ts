// A pay stub's year-to-date column as a count of identical periods. When gross pay and at least
// three other lines print a year to date of exactly n times this period's figure, to the cent
// (n ≥ 2), the employee was paid the same every period this year, and so were those lines
// withheld. A line whose year to date is then neither n times this period's figure, nor k times
// it (a deduction that began k periods ago), nor this period's figure plus n − 1 equal earlier ones
// (a withholding changed this period) departs from that record: the current figure was changed
// while its year to date was kept — a tax lowered with total deductions and net pay moved to keep
// every sum — or the withholding changed at some earlier period (an employee's new W-4). The
// finding is weak content evidence (it alone leaves a stub CLEAN, scored); with another signal on
// the same document it adds up. A departing line whose year to date is itself exactly n periods of
// one other figure (n ≥ 4) is told apart: n identical periods that leave no room for this one. The
// kept year to date of a changed figure always is; a withholding changed at an earlier period is
// about one time in eight (one in four for a round change: the simulation in the core README), so
// it is reported as `paystub_ytd_other_figure`, somewhat stronger and still CLEAN alone. On OCR
// pages the lines it counts must not be read unsurely and the departing line must be read surely
// (`readSurely`: a misread digit departs too).
import type { Row } from '../../../../tables/rows.js';
import { type Figure, figures } from '../../../readers/figures.js';
import { readSurely, unsure } from '../../../readers/misreadings.js';
import type { SumFinding } from './indicators.js';

/** A row's current figure and its year to date. */
interface Line {
  row: Row;
  current: Figure;
  ytd: Figure;
  /** Both in cents. */
  currentCents: number;
  ytdCents: number;
}

/** Lines that must repeat the same multiple besides gross pay before a departure counts. */
const MIN_OTHER_FITS = 3;
/** Fewest periods for which a year to date of n periods of another figure is told apart. */
const MIN_OTHER_FIGURE_PERIODS = 4;
/** Totals and net pay move with their lines: a departure is reported on the line itself. */
const TOTAL_LINE = /\b(total|gross|net|sub-?total)\b/i;

const cents = (f: Figure): number => Math.round(f.amount.value.abs().toNumber() * 100);

/** The last two figures of `row` when their right edges sit on the two columns of `anchor`. */
function lineOn(row: Row, anchor: readonly Figure[], tolerance: number): Line | undefined {
  const [current, ytd] = figures(row).slice(-2);
  if (!current || !ytd || current.box.page !== anchor[0]!.box.page) return undefined;
  if (Math.abs(current.box.x1 - anchor[0]!.box.x1) > tolerance || Math.abs(ytd.box.x1 - anchor[1]!.box.x1) > tolerance) return undefined;
  return { row, current, ytd, currentCents: cents(current), ytdCents: cents(ytd) };
}

/** True when `ytd` is `times` × `current` to the cent. */
const multiple = (line: Line, times: number): boolean => line.ytdCents === times * line.currentCents;

/** True when the line's year to date is explained without a changed current figure. */
function explained(line: Line, n: number): boolean {
  if (line.currentCents === 0) return true;
  // began k periods ago (k ≤ n)
  if (line.ytdCents % line.currentCents === 0 && line.ytdCents / line.currentCents <= n) return true;
  // changed this period: n − 1 equal earlier figures before this one
  return (line.ytdCents - line.currentCents) % (n - 1) === 0 && line.ytdCents > line.currentCents;
}

/**
 * Lines of a pay stub whose year to date departs from the identical periods every other line
 * records. `anchors` are the two-figure rows (current, year to date) whose columns the stub's
 * tables print in, gross pay first; `net` is net pay (its box goes with the finding).
 */
export function ytdDepartures(rows: readonly Row[], anchors: readonly (readonly Figure[])[], net: readonly Figure[] | undefined): SumFinding[] {
  const gross = anchors[0];
  if (gross?.length !== 2) return [];
  const lines = new Map<Row, Line>();
  for (const anchor of anchors) {
    if (anchor.length !== 2) continue;
    const tolerance = Math.max(3, (anchor[0]!.box.y1 - anchor[0]!.box.y0) / 2);
    for (const row of rows) {
      const line = lines.has(row) ? undefined : lineOn(row, anchor, tolerance);
      if (line) lines.set(row, line);
    }
  }
  const all = [...lines.values()].filter((l) => !unsure(l.current) && !unsure(l.ytd));
  // the gross row read again: the same figure, found by its place
  const grossLine = all.find((l) => l.current.box.x1 === gross[0]!.box.x1 && l.current.box.y0 === gross[0]!.box.y0);
  if (!grossLine || grossLine.currentCents === 0 || grossLine.ytdCents % grossLine.currentCents !== 0) return [];
  const n = grossLine.ytdCents / grossLine.currentCents;
  if (n < 2) return [];
  const fits = all.filter((l) => l !== grossLine && l.currentCents > 0 && multiple(l, n));
  if (fits.length < MIN_OTHER_FITS) return [];
  const departing = all.filter(
    (l) => !TOTAL_LINE.test(l.row.text) && l.currentCents > 0 && !multiple(l, n) && !explained(l, n) && readSurely(l.current) && readSurely(l.ytd),
  );
  const netBox = net?.[0] ? [net[0].box] : [];
  const findings: SumFinding[] = [];
  // a year to date of n periods of one other figure: the year's periods do not include this one
  const otherFigure = n >= MIN_OTHER_FIGURE_PERIODS ? departing.filter((l) => l.ytdCents % n === 0) : [];
  /** What both findings of lines `of` carry: the periods, where the lines are, what they rest on. */
  const about = (of: readonly Line[]) => ({
    periods: n,
    fitting: fits.length,
    basis: 'year to date' as const,
    page: of[0]!.current.box.page,
    boxes: [...of.map((l) => l.current.box), ...netBox],
  });
  const printed = (l: Line) => ({ label: label(l), current: l.current.amount.raw, ytd: l.ytd.amount.raw });
  if (otherFigure.length) {
    const first = otherFigure[0]!;
    const period = money(first.ytdCents / n);
    findings.push({
      code: 'paystub_ytd_other_figure',
      rule: 'year to date of another figure',
      lines: otherFigure.map((l) => ({ ...printed(l), period: money(l.ytdCents / n) })),
      ...about(otherFigure),
      math: {
        formula: `year to date = ${n} × the figure of every period, this one included`,
        computed: period,
        stated: first.current.amount.raw,
        ok: false,
        note: `${label(first)}: year to date ${first.ytd.amount.raw} is ${n} × ${period}, not ${first.current.amount.raw} this period.`,
      },
    });
  }
  const unexplained = departing.filter((l) => !otherFigure.includes(l));
  if (unexplained.length) {
    const first = unexplained[0]!;
    const formula = `year to date = ${n} × current (the periods gross pay and ${fits.length} other lines hold)`;
    const math = {
      formula,
      computed: money(first.currentCents * n),
      stated: first.ytd.amount.raw,
      ok: false as const,
      note: `${label(first)}: ${first.current.amount.raw} this period.`,
    };
    findings.push({ code: 'paystub_ytd_departure', rule: 'year to date departs', lines: unexplained.map(printed), ...about(unexplained), math });
  }
  return findings;
}

/** Cents as a figure with two decimals. */
const money = (cents: number): string => (cents / 100).toFixed(2);

/** The words of a line before its first figure. */
function label(line: Line): string {
  const words = line.row.words.filter((w) => w.x1 <= line.current.box.x0 && !/\d/.test(w.text));
  return (
    words
      .map((w) => w.text)
      .join(' ')
      .trim() || 'a line'
  );
}
