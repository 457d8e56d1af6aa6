// Scripts and overlays: JavaScript anywhere, launch actions, actions that run on open, and
// annotations whose rectangles cover page text (text boxes, shapes, stamps, filled fields).
import { asArray, asDict, asName, asNumber, type PdfDict, type PdfObject } from '../../../../pdf/objects.js';
import type { ObjectView } from '../../../../pdf/pdf-file.js';
import type { PdfCheckContext } from '../../../contexts.js';
import type { PageBox } from '../../../findings.js';
import type { OverlayFinding } from './indicators.js';

const COVERING = new Set(['FreeText', 'Square', 'Stamp', 'Widget', 'Polygon']);
const MAX_ACTIONS = 5000;

/** Action types found by walking action dictionaries (and their /Next chains). */
function actionTypes(view: ObjectView, value: PdfObject | undefined, out: Set<string>, seen: Set<PdfDict>, budget: { n: number }): void {
  const d = asDict(view.resolve(value));
  if (!d || seen.has(d) || --budget.n < 0) return;
  seen.add(d);
  const s = asName(d.get('S'));
  if (s) out.add(s);
  const next = view.resolve(d.get('Next'));
  for (const n of Array.isArray(next) ? next : [next]) actionTypes(view, n as PdfObject, out, seen, budget);
}

function rect(view: ObjectView, v: PdfObject | undefined): [number, number, number, number] | undefined {
  const a = asArray(view.resolve(v));
  const n = a?.slice(0, 4).map((x) => asNumber(view.resolve(x)));
  if (!n || n.length < 4 || n.some((x) => x === undefined)) return undefined;
  const [x0, y0, x1, y1] = n as [number, number, number, number];
  return [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
}

const overlapArea = (a: [number, number, number, number], b: PageBox): number =>
  Math.max(0, Math.min(a[2], b.x1) - Math.max(a[0], b.x0)) * Math.max(0, Math.min(a[3], b.y1) - Math.max(a[1], b.y0));

/** Scripts, launch and automatic actions, and annotations that cover page text. */
export function scriptsAndAnnotations(ctx: PdfCheckContext): OverlayFinding[] {
  const { view } = ctx;
  const findings: OverlayFinding[] = [];
  const catalog = view.catalog();
  const types = new Set<string>();
  const budget = { n: MAX_ACTIONS };
  const seen = new Set<PdfDict>();
  const onOpen = new Set<string>();
  actionTypes(view, catalog?.get('OpenAction'), onOpen, seen, budget);
  const aa = asDict(view.getIn(catalog, 'AA'));
  for (const v of aa?.map.values() ?? []) actionTypes(view, v, onOpen, seen, budget);
  for (const t of onOpen) types.add(t);
  const names = asDict(view.getIn(catalog, 'Names'));
  if (names?.has('JavaScript')) types.add('JavaScript');
  const annotsByPage = new Map<number, PdfDict[]>();
  for (const page of ctx.pages) {
    const pageAA = asDict(view.resolve(page.dict.get('AA')));
    for (const v of pageAA?.map.values() ?? []) actionTypes(view, v, onOpen, seen, budget);
    const list: PdfDict[] = [];
    for (const a of (asArray(view.resolve(page.dict.get('Annots'))) ?? []).slice(0, 2000)) {
      const annot = asDict(view.resolve(a));
      if (!annot) continue;
      list.push(annot);
      actionTypes(view, annot.get('A'), types, seen, budget);
      for (const v of asDict(view.resolve(annot.get('AA')))?.map.values() ?? []) actionTypes(view, v, types, seen, budget);
    }
    annotsByPage.set(page.number, list);
  }
  for (const t of onOpen) types.add(t);
  if (types.has('JavaScript')) findings.push({ code: 'javascript_present' });
  if (types.has('Launch')) findings.push({ code: 'launch_action' });
  const automatic = [...onOpen].filter((t) => t === 'JavaScript' || t === 'Launch' || t === 'SubmitForm' || t === 'URI' || t === 'ImportData');
  if (automatic.length > 0) findings.push({ code: 'auto_action', actions: automatic });

  for (const page of ctx.pages) {
    // only an annotation that paints an opaque area hides the text under it: a frame without
    // a fill, a field without a background or a translucent note leaves the words readable
    const covering = (annotsByPage.get(page.number) ?? []).filter((a) => {
      const subtype = asName(a.get('Subtype'));
      if (!subtype || !COVERING.has(subtype)) return false;
      const opacity = view.resolve(a.get('CA'));
      if (typeof opacity === 'number' && opacity < 0.9) return false;
      if (subtype === 'Widget') {
        // a field hides text only when it shows a value on a background of its own
        const v = view.resolve(a.get('V') ?? asDict(view.resolve(a.get('Parent')))?.get('V'));
        const background = asArray(view.resolve(asDict(view.resolve(a.get('MK')))?.get('BG')));
        return v !== null && v !== undefined && asName(v) !== 'Off' && !!background && background.length > 0;
      }
      if (subtype === 'Square' || subtype === 'Polygon') return (asArray(view.resolve(a.get('IC')))?.length ?? 0) > 0;
      return true;
    });
    if (covering.length === 0) continue;
    const items = ctx.reader.read(page)?.text.items;
    if (!items) continue; // text positions unknown on this page: the overlay test cannot run here
    for (const a of covering) {
      const r = rect(view, a.get('Rect'));
      if (!r) continue;
      const hidden = items.filter((i) => {
        // a dotted leader or an underline is where a field goes, not content it hides
        if (!/[\p{L}\p{N}]/u.test(i.str)) return false;
        const box: PageBox = { page: page.number, x0: i.x, y0: i.y - 0.2 * (i.height || 10), x1: i.x + i.width, y1: i.y + 0.8 * (i.height || 10) };
        const area = (box.x1 - box.x0) * (box.y1 - box.y0);
        return area > 0 && overlapArea(r, box) / area > 0.5;
      });
      if (hidden.length === 0) continue;
      const subtype = asName(a.get('Subtype'));
      const words = hidden
        .map((i) => i.str.trim())
        .join(' ')
        .slice(0, 80);
      findings.push({
        code: 'annotation_covers_text',
        page: page.number,
        annotation: String(subtype),
        text: words,
        boxes: [{ page: page.number, x0: r[0], y0: r[1], x1: r[2], y1: r[3] }],
      });
    }
  }
  return findings;
}
