// The audit report says a re-capture agrees with the upload only when the two were compared: a
// capture whose reconciliation was unavailable "could not be compared", never "agrees".
import { describe, expect, it } from 'vitest';
import { comparedWithUpload } from './generate.js';

const groups = (...statuses: string[]) => [{ id: 'reconciliation', signals: statuses.map((status) => ({ status })) }];

describe('a capture compared with the upload', () => {
  it('agrees only when a reconciliation signal passed, contradicts on any flag, and is otherwise not compared', () => {
    expect(comparedWithUpload({ contradicts_original: false, signal_groups: groups('pass', 'unavailable') })).toBe(false);
    expect(comparedWithUpload({ contradicts_original: true, signal_groups: groups('flag') })).toBe(true);
    expect(comparedWithUpload({ contradicts_original: false, signal_groups: groups('unavailable') })).toBeUndefined();
    expect(comparedWithUpload({ contradicts_original: false })).toBeUndefined();
    expect(comparedWithUpload({})).toBeUndefined();
  });
});
