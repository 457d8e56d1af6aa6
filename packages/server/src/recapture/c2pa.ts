// Content credentials on captured photos: the deployment signs a C2PA manifest into every photo
// it receives (the service signs at receipt, not the phone), with @trustnxt/c2pa-ts (pure JS,
// pinned) and an ES256 certificate issued by the deployment's own capture CA, made at first
// start and kept in the data folder (`c2pa/`, owner-only). Reading a photo back validates its
// manifest (signature, certificate profile, time stamp, data hash): `Valid` when all hold (the
// CA is this deployment's own, on no public trust list, so never `Trusted`), `Invalid` when the
// bytes changed after signing or the signature fails, `Unverified` without a manifest.
import { webcrypto } from 'node:crypto';

type CryptoKey = webcrypto.CryptoKey;
type CryptoKeyPair = webcrypto.CryptoKeyPair;

import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';
import { JPEG, PNG } from '@trustnxt/c2pa-ts/asset';
import { CoseAlgorithmIdentifier, LocalSigner } from '@trustnxt/c2pa-ts/cose';
import { SuperBox } from '@trustnxt/c2pa-ts/jumbf';
import { DataHashAssertion, ManifestStore } from '@trustnxt/c2pa-ts/manifest';
import { LocalTimestampProvider } from '@trustnxt/c2pa-ts/rfc3161';

x509.cryptoProvider.set(webcrypto as unknown as Parameters<typeof x509.cryptoProvider.set>[0]);

const ALG = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY = 86_400_000;
/** Extended key usages of the C2PA certificate profile. */
const DOCUMENT_SIGNING = '1.3.6.1.5.5.7.3.36';
const TIME_STAMPING = '1.3.6.1.5.5.7.3.8';

/** The summary the API answers (the spec's C2PAManifest). */
export interface C2paSummary {
  spec_version?: string;
  validation_state: 'Trusted' | 'Valid' | 'Invalid' | 'Unverified';
  signature_alg?: string;
  timestamp_authority?: string;
  edits_since_capture?: number;
}

/** Signs and reads capture photos. */
export interface CaptureSigner {
  /** The photo with a signed manifest (PNG or JPEG), bound to its bytes. */
  sign(photo: Uint8Array, instanceId: string): Promise<Uint8Array>;
  /** Validates the manifest of a photo. */
  read(photo: Uint8Array): Promise<C2paSummary>;
}

interface Credentials {
  signer: { cert: string; key: string };
  tsa: { cert: string; key: string };
  ca: string;
}

async function issue(ca: x509.X509Certificate, caKey: CryptoKey, serial: string, subject: string, usage: string): Promise<{ cert: string; key: string }> {
  const keys = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial,
    subject,
    issuer: ca.subject,
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + 3650 * DAY),
    publicKey: keys.publicKey,
    signingKey: caKey,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([usage], usage === TIME_STAMPING),
      await x509.AuthorityKeyIdentifierExtension.create(ca),
    ],
  });
  const key = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)).toString('base64');
  return { cert: cert.toString('pem'), key };
}

/** The deployment's credentials: read from `dir`, or made there on first use. */
async function credentials(dir: string): Promise<Credentials> {
  const file = join(dir, 'credentials.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Credentials;
  const caKeys = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as CryptoKeyPair;
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Loupe capture CA, O=Loupe deployment',
    notBefore: new Date(Date.now() - DAY),
    notAfter: new Date(Date.now() + 3650 * DAY),
    keys: caKeys,
    signingAlgorithm: ALG,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const made: Credentials = {
    signer: await issue(ca, caKeys.privateKey, '02', 'CN=Loupe capture signer, O=Loupe deployment', DOCUMENT_SIGNING),
    tsa: await issue(ca, caKeys.privateKey, '03', 'CN=Loupe capture time stamps, O=Loupe deployment', TIME_STAMPING),
    ca: ca.toString('pem'),
  };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(made), { mode: 0o600 });
  chmodSync(file, 0o600);
  return made;
}

const assetOf = (bytes: Uint8Array) => (PNG.canRead(bytes) ? new PNG(bytes) : JPEG.canRead(bytes) ? new JPEG(bytes) : undefined);

/** The signer of a deployment whose credentials live in `dir` (made there on first use). */
export async function captureSigner(dir: string): Promise<CaptureSigner> {
  const c = await credentials(dir);
  const key = (k: string) => new Uint8Array(Buffer.from(k, 'base64'));
  const cert = new x509.X509Certificate(c.signer.cert);
  const ca = new x509.X509Certificate(c.ca);
  const tsa = new x509.X509Certificate(c.tsa.cert);
  const signer = new LocalSigner(key(c.signer.key), CoseAlgorithmIdentifier.ES256, cert, [ca]);
  const timestamps = new LocalTimestampProvider(tsa, key(c.tsa.key));
  const tsaName = tsa.subjectName.getField('CN')[0] ?? tsa.subject;
  return {
    async sign(photo, instanceId) {
      const asset = assetOf(photo);
      if (!asset) throw new Error('Only PNG and JPEG photos carry a C2PA manifest here.');
      const store = new ManifestStore();
      const manifest = store.createManifest({
        assetFormat: PNG.canRead(photo) ? 'image/png' : 'image/jpeg',
        instanceID: instanceId,
        defaultHashAlgorithm: 'SHA-256',
        signer,
      });
      const hash = DataHashAssertion.create('SHA-256');
      manifest.addAssertion(hash);
      await asset.ensureManifestSpace(store.measureSize());
      await hash.updateWithAsset(asset);
      await manifest.sign(signer, timestamps);
      await asset.writeManifestJUMBF(store.getBytes());
      return new Uint8Array(await asset.getDataRange());
    },
    async read(photo) {
      const asset = assetOf(photo);
      const jumbf = asset?.getManifestJUMBF();
      if (!asset || !jumbf) return { validation_state: 'Unverified' };
      try {
        const store = ManifestStore.read(SuperBox.fromBuffer(jumbf as Uint8Array<ArrayBuffer>));
        const result = await store.validate(asset);
        const codes = result.statusEntries.map((e) => String(e.code));
        const bytesChanged = codes.includes('assertion.dataHash.mismatch');
        return {
          spec_version: '2.1',
          validation_state: result.isValid ? 'Valid' : 'Invalid',
          signature_alg: 'ES256',
          timestamp_authority: tsaName,
          edits_since_capture: bytesChanged ? 1 : 0,
        };
      } catch {
        return { validation_state: 'Invalid' };
      }
    },
  };
}
