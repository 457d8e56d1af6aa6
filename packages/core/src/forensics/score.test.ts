import { describe, expect, it } from 'vitest';
import type { Finding } from './findings.js';
import { INDICATORS, type IndicatorCode } from './indicators.js';
import { INCONCLUSIVE_CAP, riskScore, verdictFor } from './score.js';

const f = (code: IndicatorCode, confidence?: number): Finding => (confidence === undefined ? { code, summary: code } : { code, summary: code, confidence });
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
      const set: Finding[] = [];
      for (let k = 0, n = next(6); k < n; k++) set.push(f(codes[next(codes.length)]!, next(2) ? undefined : (next(100) + 1) / 100));
      const extra = f(codes[next(codes.length)]!, next(2) ? undefined : (next(100) + 1) / 100);
      expect(riskScore([...set, extra])).toBeGreaterThanOrEqual(riskScore(set));
    }
  });

  it('needs conclusive evidence to reach FORGED', () => {
    const weak = [
      f('producer_pdf_editor'),
      f('javascript_present'),
      f('font_subset_duplicate'),
      f('create_date_mismatch'),
      f('revision_metadata_changed'),
      f('date_in_future'),
    ];
    expect(riskScore(weak)).toBe(INCONCLUSIVE_CAP);
    expect(verdictFor(riskScore(weak), weak, true)).toBe('SUSPICIOUS');
    const edit = [f('revision_text_edit', 0.95)];
    expect(verdictFor(riskScore(edit), edit, true)).toBe('FORGED');
  });

  it('keeps benign findings CLEAN', () => {
    const benign = [
      f('revision_form_filled'),
      f('revision_signature_added'),
      f('revision_annotation_added'),
      f('signature_present'),
      f('encrypted_with_owner_password'),
    ];
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
