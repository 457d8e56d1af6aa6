// Judging a block on its readings: consistent when a reading makes every identity hold, or (read by
// OCR) when every identity of a reading that fails could rest on a misread digit; otherwise the
// reading under which the most hold, its failures the contradictions.
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAmount } from '../../tables/amounts.js';
import { decimal, loadDecimals } from '../../tables/decimal.js';
import type { Figure } from './figures.js';
import { holds, type Identity, judge, type Reading } from './readings.js';

beforeAll(loadDecimals);

const figure = (raw: string): Figure => ({ amount: parseAmount(raw)!, box: { page: 1, x0: 0, y0: 0, x1: 10, y1: 10 } });
/** An identity stating `stated` that computes `computed`. */
const identity = (stated: string, computed: string): Identity => ({
  says: `${stated} = ${computed}`,
  stated: figure(stated),
  computed: decimal(computed),
  terms: [],
});
const reading = (...identities: Identity[]): Reading => ({ assumes: [], identities });

describe('judging a block on its readings', () => {
  it('answers the reading under which the most identities hold, or nothing when one holds throughout', () => {
    const wrongRows = reading(identity('76,646.70', '4601.64'), identity('70,931.72', '70931.72'));
    const allFail = reading(identity('76,646.70', '1.00'), identity('70,931.72', '2.00'));
    expect(judge([allFail, wrongRows])).toMatchObject({ reading: wrongRows, tried: 2 });
    expect(judge([allFail, wrongRows])!.failed.map((i) => i.says)).toEqual(['76,646.70 = 4601.64']);
    expect(judge([allFail, reading(identity('76,646.70', '76646.70'), identity('70,931.72', '70931.72')), wrongRows])).toBeUndefined();
  });

  it('takes a reading whose every failure may rest on a misread digit as the block read, and no other', () => {
    // the amounts' own reading fails by one misread digit (76,646.70 read where the rows come to 76,648.70)
    const amounts = reading(identity('76,646.70', '76648.70'), identity('70,931.72', '70931.72'));
    const rates = reading(identity('76,646.70', '4601.64'), identity('70,931.72', '70931.72'));
    const misread = (i: Identity) => i.computed.toString() === '76648.7';
    expect(judge([rates, amounts])).toBeDefined();
    expect(judge([rates, amounts], misread)).toBeUndefined();
    expect(judge([rates], misread)).toMatchObject({ reading: rates });
  });

  it('for any readings: nothing when one holds or is excused throughout, else failures and corroboration that partition the best', () => {
    const amount = fc.integer({ min: 1, max: 99_999 }).map((c) => (c / 100).toFixed(2));
    const anIdentity = fc.tuple(amount, amount, fc.boolean()).map(([a, b, same]) => identity(a, same ? a : b));
    const readings = fc.array(
      fc.array(anIdentity, { minLength: 1, maxLength: 4 }).map((ids) => reading(...ids)),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(readings, fc.integer({ min: 0, max: 99_999 }), (rs, excusedCents) => {
        const excused = (i: Identity) => Math.round(Number(i.computed.toString()) * 100) % 7 === excusedCents % 7;
        const judgement = judge(rs, excused);
        const consistent = rs.some((r) => r.identities.every((i) => holds(i) || excused(i)));
        if (consistent) return judgement === undefined;
        if (!judgement) return false;
        const best = Math.max(...rs.map((r) => r.identities.filter(holds).length));
        return (
          judgement.held.length === best &&
          judgement.held.length + judgement.failed.length === judgement.reading.identities.length &&
          judgement.failed.every((i) => !holds(i))
        );
      }),
    );
  });
});
