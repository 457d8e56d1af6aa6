import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EVIDENCE, type Finding, type IndicatorCode } from './catalogue.js';
import { INDICATORS } from './indicators.js';
import { ALONE_BELOW_SUSPICIOUS, DEFAULT_CONFIDENCE, falseAlarmRate, provenRate, TARGET_FALSE_ALARMS, weightOf } from './policy.js';
import { CONTEXT_CAP, type Evidence, evidenceOf, INCONCLUSIVE_CAP, scoreOf, verdictOf } from './score.js';

/** An indicator's finding as the score reads it, at `confidence`. */
const f = (code: IndicatorCode, confidence = DEFAULT_CONFIDENCE): Evidence => ({ ...weightOf(code), confidence, evidence: EVIDENCE[code] });
const riskScore = scoreOf;
const verdictFor = verdictOf;
const codes = Object.keys(INDICATORS) as IndicatorCode[];

describe('risk score', () => {
  it('is 0 with no findings and CLEAN', () => {
    expect(riskScore([])).toBe(0);
    expect(verdictFor(0, [], true)).toBe('CLEAN');
  });

  it('never goes down when another finding is added (randomised over the catalogue)', () => {
    let seed = 42;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed % n;
    };
    for (let trial = 0; trial < 500; trial++) {
      const set: Evidence[] = [];
      for (let k = 0, n = next(6); k < n; k++) set.push(f(codes[next(codes.length)]!, next(2) ? undefined : (next(100) + 1) / 100));
      const extra = f(codes[next(codes.length)]!, next(2) ? undefined : (next(100) + 1) / 100);
      expect(riskScore([...set, extra])).toBeGreaterThanOrEqual(riskScore(set));
    }
  });

  it('keeps context alone below SUSPICIOUS unless three independent families agree', () => {
    // the commonest genuine pattern in real-world files: an Acrobat save with scripts and a new document id
    const acrobat = [f('producer_pdf_editor'), f('javascript_present'), f('auto_action'), f('document_id_changed'), f('revision_metadata_changed')];
    expect(riskScore(acrobat)).toBe(CONTEXT_CAP);
    expect(verdictFor(riskScore(acrobat), acrobat, true)).toBe('CLEAN');
    // one strong context signal is still only context
    expect(riskScore([f('producer_online_editor'), f('font_subset_duplicate')])).toBeLessThanOrEqual(CONTEXT_CAP);
    // three families (tooling, dates, page-edit metadata) agree: SUSPICIOUS is possible, FORGED is not
    const agreeing = [f('producer_pdf_editor'), f('create_date_mismatch'), f('has_piece_info'), f('font_subset_duplicate')];
    expect(riskScore(agreeing)).toBeGreaterThanOrEqual(40);
    expect(riskScore(agreeing)).toBeLessThanOrEqual(INCONCLUSIVE_CAP);
    // any content evidence lifts the context cap
    expect(riskScore([f('producer_pdf_editor'), f('text_over_text'), f('has_piece_info')])).toBeGreaterThan(CONTEXT_CAP);
    // every indicator is classified, and every conclusive one is content evidence
    for (const code of codes) {
      expect(EVIDENCE[code], code).toBeDefined();
      if ('conclusive' in INDICATORS[code]) expect(EVIDENCE[code], code).toBe('content');
    }
  });

  it('needs conclusive evidence to reach FORGED', () => {
    const weak = (
      ['producer_pdf_editor', 'javascript_present', 'font_subset_duplicate', 'create_date_mismatch', 'revision_metadata_changed', 'date_in_future'] as const
    ).map((c) => f(c));
    expect(riskScore(weak)).toBe(INCONCLUSIVE_CAP);
    expect(verdictFor(riskScore(weak), weak, true)).toBe('SUSPICIOUS');
    const edit = [f('revision_text_edit', 0.95)];
    expect(verdictFor(riskScore(edit), edit, true)).toBe('FORGED');
  });

  it('keeps benign findings CLEAN', () => {
    const benign = (
      ['revision_form_filled', 'revision_signature_added', 'revision_annotation_added', 'signature_present', 'encrypted_with_owner_password'] as const
    ).map((c) => f(c));
    expect(verdictFor(riskScore(benign), benign, true)).toBe('CLEAN');
  });

  it('says INSUFFICIENT_EVIDENCE for an unexaminable document where nothing significant fired', () => {
    expect(verdictFor(0, [f('encrypted_with_owner_password')], false)).toBe('INSUFFICIENT_EVIDENCE');
    const found = [f('revision_text_edit')];
    expect(verdictFor(riskScore(found), found, false)).toBe('FORGED');
  });

  it('has a catalogue of at least 40 snake_case codes with complete copy', () => {
    expect(codes.length).toBeGreaterThanOrEqual(40);
    for (const [code, d] of Object.entries(INDICATORS)) {
      expect(code).toMatch(/^[a-z][a-z0-9_]+$/);
      expect(d.title && d.what_it_is && d.what_it_means && d.how_detected).toBeTruthy();
      expect(d.weight).toBeGreaterThanOrEqual(0);
      expect(d.weight).toBeLessThanOrEqual(1);
    }
  });
});

describe('a new document id', () => {
  it('never changes the score or the verdict of any set of findings (an incremental save is context, never evidence)', () => {
    const finding = fc.record({ code: fc.constantFrom(...codes), confidence: fc.option(fc.double({ min: 0.01, max: 1, noNaN: true }), { nil: undefined }) });
    fc.assert(
      fc.property(fc.array(finding, { maxLength: 8 }), fc.boolean(), (drawn, examined) => {
        const set = drawn.map((d) => f(d.code, d.confidence));
        const withId = [...set, f('document_id_changed')];
        expect(riskScore(withId)).toBe(riskScore(set));
        expect(verdictFor(riskScore(withId), withId, examined)).toBe(verdictFor(riskScore(set), set, examined));
      }),
      { numRuns: 500 },
    );
  });
});

describe('findings the policy weighs as context', () => {
  /** A block total that fails, with what corroborates its reading. */
  const blockTotal = (corroboration: string[]): Finding =>
    ({
      code: 'bill_totals_mismatch',
      rule: 'block total',
      label: 'Total',
      stated: '10.00',
      rows: 2,
      computed: '9.00',
      basis: 'stated total',
      reading: [],
      tried: 3,
      corroboration,
    }) as Finding;

  it('keeps a contradiction nothing in its block corroborates below SUSPICIOUS, though its indicator is conclusive', () => {
    expect(evidenceOf(blockTotal([]))).toMatchObject({ evidence: 'reading', conclusive: false });
    expect(scoreOf([evidenceOf(blockTotal([]))])).toBeLessThan(40);
    expect(scoreOf([evidenceOf(blockTotal(['Subtotal = the rows above it']))])).toBeGreaterThanOrEqual(40);
  });

  it("never lets a picture's print geometry flag a document alone, and adds it to other content evidence", () => {
    const print = { code: 'figure_print_mismatch', page: 1, text: '1,234.56', size: { percent: 120, peers: 6 }, boxes: [] } as Finding;
    expect(evidenceOf(print).evidence).toBe('print');
    expect(scoreOf([evidenceOf(print), evidenceOf(print)])).toBeLessThan(40);
    const withSum = scoreOf([evidenceOf(print), evidenceOf(blockTotal(['Subtotal = the rows above it']))]);
    expect(withSum).toBeGreaterThan(scoreOf([evidenceOf(blockTotal(['Subtotal = the rows above it']))]));
  });
});

describe("the policy's measured false alarms", () => {
  it('counts a rate as shown only when the lower end of its 95% interval is above it', () => {
    expect(provenRate(0, 500)).toBe(0);
    expect(provenRate(1, 94)).toBeLessThan(TARGET_FALSE_ALARMS); // one in 94 shows nothing
    expect(provenRate(20, 690)).toBeGreaterThan(TARGET_FALSE_ALARMS);
    expect(provenRate(5, 5)).toBeLessThan(1);
  });

  it('lets no indicator shown to fire on genuine files beyond the target decide alone', () => {
    for (const code of codes) {
      if (falseAlarmRate(code) <= TARGET_FALSE_ALARMS || weightOf(code).benign) continue;
      expect(weightOf(code), code).toMatchObject({ conclusive: false });
      expect(weightOf(code).weight, code).toBeLessThanOrEqual(ALONE_BELOW_SUSPICIOUS);
      expect(riskScore([f(code, 0.95)]), code).toBeLessThan(40);
    }
  });
});
