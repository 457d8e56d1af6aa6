// The PDF standard security handler (ISO 32000-2 §7.6.4): RC4 40/128-bit (V1/V2, R2-R4),
// AES-128 (V4 AESV2) and AES-256 (V5 AESV3, R5 and R6). It authenticates with the empty user
// password, which is how a file that has only an owner password opens; a file that needs a user
// password, or uses another security handler (certificates), is a `FileEncryptedError`. Once
// authenticated it decrypts the strings and streams of each indirect object.
import { cbc } from '@noble/ciphers/aes.js';
import { md5 } from '@noble/hashes/legacy.js';
import { sha256, sha384, sha512 } from '@noble/hashes/sha2.js';
import { concatBytes } from '../bytes.js';
import { FileEncryptedError, UnreadableDocumentError } from '../errors.js';
import { asDict, asInt, asName, PdfDict, type PdfObject, PdfStream, PdfString } from './objects.js';

const PASSWORD_PADDING = Uint8Array.from([
  0x28, 0xbf, 0x4e, 0x5e, 0x4e, 0x75, 0x8a, 0x41, 0x64, 0x00, 0x4e, 0x56, 0xff, 0xfa, 0x01, 0x08, 0x2e, 0x2e, 0x00, 0xb6, 0xd0, 0x68, 0x3e, 0x80, 0x2f, 0x0c,
  0xa9, 0xfe, 0x64, 0x53, 0x69, 0x7a,
]);

type CipherMethod = 'None' | 'V2' | 'AESV2' | 'AESV3';

/** RC4 keystream applied to `data`. */
export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = new Uint8Array(256);
  for (let i = 0; i < 256; i++) s[i] = i;
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 0xff;
    const t = s[i]!;
    s[i] = s[j]!;
    s[j] = t;
  }
  const out = new Uint8Array(data.length);
  for (let k = 0, i = 0, j = 0; k < data.length; k++) {
    i = (i + 1) & 0xff;
    j = (j + s[i]!) & 0xff;
    const t = s[i]!;
    s[i] = s[j]!;
    s[j] = t;
    out[k] = data[k]! ^ s[(s[i]! + s[j]!) & 0xff]!;
  }
  return out;
}

function equalBytes(a: Uint8Array, b: Uint8Array, n: number): boolean {
  if (a.length < n || b.length < n) return false;
  let diff = 0;
  for (let i = 0; i < n; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

function aesDecryptCbc(key: Uint8Array, data: Uint8Array): Uint8Array {
  if (data.length < 16) return new Uint8Array(0);
  const iv = data.subarray(0, 16);
  const body = data.subarray(16, 16 + Math.floor((data.length - 16) / 16) * 16);
  if (body.length === 0) return new Uint8Array(0);
  try {
    return cbc(key, iv).decrypt(body);
  } catch {
    // bad padding: keep the raw plaintext, dropping a plausible pad
    const plain = cbc(key, iv, { disablePadding: true }).decrypt(body);
    const pad = plain[plain.length - 1]!;
    return pad >= 1 && pad <= 16 ? plain.subarray(0, plain.length - pad) : plain;
  }
}

/** Algorithm 2.B of ISO 32000-2 (R6 password hash). */
function hashR6(password: Uint8Array, salt: Uint8Array, userKey: Uint8Array): Uint8Array {
  let k = sha256(concatBytes(password, salt, userKey));
  for (let round = 0; ; round++) {
    const block = concatBytes(password, k, userKey);
    const k1 = new Uint8Array(block.length * 64);
    for (let i = 0; i < 64; i++) k1.set(block, i * block.length);
    const e = cbc(k.subarray(0, 16), k.subarray(16, 32), { disablePadding: true }).encrypt(k1);
    let sum = 0;
    for (let i = 0; i < 16; i++) sum += e[i]!;
    const mod = sum % 3;
    k = mod === 0 ? sha256(e) : mod === 1 ? sha384(e) : sha512(e);
    if (round >= 63 && e[e.length - 1]! <= round - 32) break;
  }
  return k.subarray(0, 32);
}

function stringBytes(v: PdfObject | undefined): Uint8Array | undefined {
  return v instanceof PdfString ? v.bytes : undefined;
}

/** Facts about a document's encryption, for reports. */
export interface EncryptionInfo {
  filter: string;
  version: number;
  revision: number;
  method: CipherMethod;
  keyBits: number;
}

/** Decrypts the objects of a document opened with the empty user password. */
export class SecurityHandler {
  private constructor(
    private readonly fileKey: Uint8Array,
    private readonly stmMethod: CipherMethod,
    private readonly strMethod: CipherMethod,
    private readonly encryptMetadata: boolean,
    readonly info: EncryptionInfo,
  ) {}

  /**
   * Authenticates against `/Encrypt` with the empty user password. Throws `FileEncryptedError`
   * when a password or certificate is needed.
   */
  static open(encrypt: PdfDict, firstId: Uint8Array, resolve: (v: PdfObject | undefined) => PdfObject = (v) => v ?? null): SecurityHandler {
    const filter = asName(encrypt.get('Filter')) ?? '';
    if (filter !== 'Standard') {
      throw new FileEncryptedError(`The PDF is encrypted with the /${filter || 'unknown'} handler (certificates); it cannot be opened without its key.`);
    }
    const get = (key: string): PdfObject => resolve(encrypt.get(key));
    const v = asInt(get('V')) ?? 0;
    const r = asInt(get('R')) ?? 0;
    const o = stringBytes(get('O')) ?? new Uint8Array(0);
    const u = stringBytes(get('U')) ?? new Uint8Array(0);
    const p = asInt(get('P')) ?? 0;
    const encryptMetadata = get('EncryptMetadata') !== false;
    let stm: CipherMethod = 'V2';
    let str: CipherMethod = 'V2';
    let keyBits = v === 1 ? 40 : (asInt(get('Length')) ?? 40);
    if (v >= 4) {
      const cf = asDict(resolve(encrypt.get('CF')));
      const methodOf = (name: string | undefined): CipherMethod => {
        if (!name || name === 'Identity') return 'None';
        const m = asName(resolve(asDict(resolve(cf?.get(name)))?.get('CFM')));
        if (m === 'AESV2') return 'AESV2';
        if (m === 'AESV3') return 'AESV3';
        if (m === 'None') return 'None';
        return 'V2';
      };
      stm = methodOf(asName(get('StmF')));
      str = methodOf(asName(get('StrF')));
      const stdLength = asInt(resolve(asDict(resolve(cf?.get('StdCF')))?.get('Length')));
      if (v === 4) keyBits = stdLength !== undefined && stdLength <= 32 ? stdLength * 8 : 128;
    }
    if (v >= 5) keyBits = 256;
    if (keyBits % 8 !== 0 || keyBits < 40 || keyBits > 256) keyBits = 128;
    const info: EncryptionInfo = { filter, version: v, revision: r, method: stm === 'None' ? str : stm, keyBits };
    let fileKey: Uint8Array;
    if (r >= 5) {
      const ue = stringBytes(get('UE'));
      if (u.length < 48 || !ue || ue.length < 32) throw new UnreadableDocumentError('The /Encrypt dictionary is damaged.', 'broken_structure');
      const password = new Uint8Array(0);
      const validationSalt = u.subarray(32, 40);
      const keySalt = u.subarray(40, 48);
      const check = r === 5 ? sha256(concatBytes(password, validationSalt)) : hashR6(password, validationSalt, new Uint8Array(0));
      if (!equalBytes(check, u, 32)) {
        throw new FileEncryptedError('The PDF needs a user password to open.');
      }
      const intermediate = r === 5 ? sha256(concatBytes(password, keySalt)) : hashR6(password, keySalt, new Uint8Array(0));
      fileKey = cbc(intermediate, new Uint8Array(16), { disablePadding: true }).decrypt(ue.subarray(0, 32));
    } else {
      const n = keyBits / 8;
      const pBytes = Uint8Array.from([p & 0xff, (p >> 8) & 0xff, (p >> 16) & 0xff, (p >>> 24) & 0xff]);
      const parts = [PASSWORD_PADDING, o.subarray(0, 32), pBytes, firstId];
      if (r >= 4 && !encryptMetadata) parts.push(Uint8Array.from([0xff, 0xff, 0xff, 0xff]));
      let key = md5(concatBytes(...parts));
      if (r >= 3) for (let i = 0; i < 50; i++) key = md5(key.subarray(0, n));
      fileKey = key.subarray(0, r === 2 ? 5 : n);
      let ok: boolean;
      if (r === 2) {
        ok = equalBytes(rc4(fileKey, PASSWORD_PADDING), u, 32);
      } else {
        let x = rc4(fileKey, md5(concatBytes(PASSWORD_PADDING, firstId)));
        for (let i = 1; i <= 19; i++)
          x = rc4(
            fileKey.map((b) => b ^ i),
            x,
          );
        ok = equalBytes(x, u, 16);
      }
      if (!ok) throw new FileEncryptedError('The PDF needs a user password to open.');
    }
    return new SecurityHandler(fileKey, stm, str, encryptMetadata, info);
  }

  private objectKey(num: number, gen: number, method: CipherMethod): Uint8Array {
    if (method === 'AESV3') return this.fileKey;
    const extra = [num & 0xff, (num >> 8) & 0xff, (num >> 16) & 0xff, gen & 0xff, (gen >> 8) & 0xff];
    const salt = method === 'AESV2' ? [0x73, 0x41, 0x6c, 0x54] : [];
    const digest = md5(concatBytes(this.fileKey, Uint8Array.from(extra), Uint8Array.from(salt)));
    return digest.subarray(0, Math.min(this.fileKey.length + 5, 16));
  }

  private decryptBytes(data: Uint8Array, num: number, gen: number, method: CipherMethod): Uint8Array {
    if (method === 'None') return data;
    const key = this.objectKey(num, gen, method);
    return method === 'V2' ? rc4(key, data) : aesDecryptCbc(key, data);
  }

  /** Decrypts every string and stream in the value of indirect object `num gen`. */
  decryptObject(value: PdfObject, num: number, gen: number): PdfObject {
    const walk = (v: PdfObject, depth: number): PdfObject => {
      if (depth > 64) return v;
      if (v instanceof PdfString) return new PdfString(this.decryptBytes(v.bytes, num, gen, this.strMethod), v.hex);
      if (Array.isArray(v)) return v.map((x) => walk(x, depth + 1));
      if (v instanceof PdfDict) {
        // a signature's /Contents is never encrypted (ISO 32000-2, 7.6.2)
        const signature = v.has('ByteRange') && (asName(v.get('Type')) === 'Sig' || asName(v.get('Type')) === 'DocTimeStamp' || v.has('Filter'));
        const map = new Map<string, PdfObject>();
        for (const [k, x] of v.map) map.set(k, signature && k === 'Contents' ? x : walk(x, depth + 1));
        return new PdfDict(map);
      }
      if (v instanceof PdfStream) {
        const type = asName(v.dict.get('Type'));
        const dict = walk(v.dict, depth + 1) as PdfDict;
        if (type === 'XRef') return v;
        if (type === 'Metadata' && !this.encryptMetadata) return new PdfStream(dict, v.raw, v.offset);
        const filters = v.dict.get('Filter');
        const first = Array.isArray(filters) ? filters[0] : filters;
        if (asName(first) === 'Crypt') return new PdfStream(dict, v.raw, v.offset);
        return new PdfStream(dict, this.decryptBytes(v.raw, num, gen, this.stmMethod), v.offset);
      }
      return v;
    };
    return walk(value, 0);
  }
}
