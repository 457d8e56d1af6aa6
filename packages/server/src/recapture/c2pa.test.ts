// Content credentials: a photo signed at receipt validates (Valid: the deployment's own CA, so
// never Trusted); the same photo changed afterwards is Invalid with an edit counted; a photo
// without a manifest is Unverified; the credentials are made once and kept owner-only.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { photographScene } from '@loupe/fixtures/scenes';
import { afterAll, describe, expect, it } from 'vitest';
import { captureSigner } from './c2pa.js';

const dir = mkdtempSync(join(tmpdir(), 'loupe-c2pa-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('capture content credentials', () => {
  it('signs at receipt, validates, and notices a change after signing', async () => {
    const signer = await captureSigner(dir);
    expect(statSync(join(dir, 'credentials.json')).mode & 0o777).toBe(0o600);
    const photo = photographScene(7, 320, 240);
    expect(await signer.read(photo)).toEqual({ validation_state: 'Unverified' });
    const signed = await signer.sign(photo, 'xmp:iid:test:1');
    expect(signed.length).toBeGreaterThan(photo.length);
    expect(await signer.read(signed)).toEqual({
      spec_version: '2.1',
      validation_state: 'Valid',
      signature_alg: 'ES256',
      timestamp_authority: 'Loupe capture time stamps',
      edits_since_capture: 0,
    });
    const changed = new Uint8Array(signed);
    changed[changed.length - 100] = changed[changed.length - 100]! ^ 0xff; // inside the entropy-coded image data
    expect(await signer.read(changed)).toMatchObject({ validation_state: 'Invalid', edits_since_capture: 1 });
    // a second start reads the same credentials: its signatures validate with the first's reader
    const again = await captureSigner(dir);
    expect((await again.read(await signer.sign(photo, 'xmp:iid:test:2'))).validation_state).toBe('Valid');
  });
});
