// The submit options of the document API, validated as the spec's Options table says: every
// unknown or malformed option is `400 invalid_option`.

import { BlockList, isIP } from 'node:net';
import { ENGINE_MODEL } from '@loupe/core';
import { Type } from 'typebox';
import { reachable } from '../http/egress/egress.js';
import { documentError } from '../http/errors/document-errors.js';
import { ATTRIBUTION_SECTIONS, type Attribution, CATEGORIES, type SubmitOptions } from '../store/document-fields.js';

const ATTRIBUTION_KEYS = new Set(['section', 'field', 'currency', 'amount_minor']);

const MODELS = [ENGINE_MODEL, 'docforge'];
const KNOWN = new Set(['external_ref', 'category', 'models', 'webhook_url', 'attribution', 'expected_key']);

const ShortText = Type.String({ minLength: 1, maxLength: 128 });

/** The submit options of a JSON submission (a multipart one sends the same object as JSON text, checked by `parseOptions`). */
export const SubmitOptionsSchema = Type.Union([
  Type.Null(),
  Type.Object(
    {
      external_ref: Type.Optional({ ...ShortText, description: 'The loan this document belongs to.' }),
      category: Type.Optional(Type.Enum(CATEGORIES)),
      models: Type.Optional(Type.Array(Type.Enum(MODELS))),
      webhook_url: Type.Optional(Type.String({ maxLength: 2048, description: 'An absolute http(s) URL on a public host; empty for the account default.' })),
      attribution: Type.Optional(
        Type.Object(
          {
            section: Type.Enum([...ATTRIBUTION_SECTIONS]),
            field: Type.Optional(ShortText),
            currency: Type.Optional(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217; USD when absent.' })),
            amount_minor: Type.Optional(Type.Integer({ minimum: 0, description: 'Minor units; 0 when absent.' })),
          },
          { additionalProperties: false },
        ),
      ),
      expected_key: Type.Optional(ShortText),
    },
    { additionalProperties: false },
  ),
]);

const invalid = (message: string) => documentError('invalid_option', message);

function shortString(name: string, v: unknown): string {
  if (typeof v !== 'string' || v.length === 0 || v.length > 128) throw invalid(`${name} is a string of 1 to 128 characters.`);
  return v;
}

/** True when a webhook host is public (no localhost, private or metadata address, no `.internal`), or an address the deployment allows. */
function publicHost(host: string, allow: BlockList): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(h)) return reachable(h, allow);
  return !(h === 'localhost' || h.endsWith('.localhost') || h.endsWith('.internal') || h.endsWith('.local') || !h.includes('.'));
}

/** Parses and validates `options` (an object, or its JSON text from a multipart part); `allow` is the deployment's egress allow-list. */
export function parseOptions(raw: unknown, allow: BlockList = new BlockList()): SubmitOptions {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw invalid('options is not valid JSON.');
    }
  }
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalid('options is a JSON object.');
  const o = value as Record<string, unknown>;
  const unknown = Object.keys(o).filter((k) => !KNOWN.has(k));
  if (unknown.length > 0) throw invalid(`Unknown option ${unknown.join(', ')}.`);
  const out: SubmitOptions = {};
  if (o.external_ref !== undefined) out.external_ref = shortString('external_ref', o.external_ref);
  if (o.expected_key !== undefined) out.expected_key = shortString('expected_key', o.expected_key);
  if (o.category !== undefined) {
    if (typeof o.category !== 'string' || !CATEGORIES.includes(o.category)) throw invalid(`category is one of ${CATEGORIES.join(', ')}.`);
    out.category = o.category;
  }
  if (o.models !== undefined) {
    if (!Array.isArray(o.models) || o.models.some((m) => typeof m !== 'string' || !MODELS.includes(m)))
      throw invalid(`models is an array of ${MODELS.join(', ')}.`);
    out.models = o.models as string[];
  }
  if (o.webhook_url !== undefined && o.webhook_url !== '') {
    let url: URL;
    try {
      url = new URL(String(o.webhook_url));
    } catch {
      throw invalid('webhook_url is not an absolute URL.');
    }
    if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !publicHost(url.hostname, allow))
      throw invalid(
        'webhook_url must be an absolute http(s) URL on a public host (an operator lets a deployment reach private ranges with LOUPE_EGRESS_ALLOW).',
      );
    out.webhook_url = url.href;
  }
  if (o.attribution !== undefined) out.attribution = parseAttribution(o.attribution);
  return out;
}

/**
 * An attribution: `section` required (asset, income, liability, property, identity, other),
 * `field` up to 128 characters, `currency` an ISO 4217 code (three capital letters, default USD),
 * `amount_minor` a non-negative whole number of minor units (default 0).
 */
function parseAttribution(value: unknown): Attribution {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw invalid('attribution is an object {section, field, currency, amount_minor}.');
  const a = value as Record<string, unknown>;
  const unknown = Object.keys(a).filter((k) => !ATTRIBUTION_KEYS.has(k));
  if (unknown.length > 0) throw invalid(`Unknown attribution field ${unknown.join(', ')}.`);
  if (typeof a.section !== 'string' || !(ATTRIBUTION_SECTIONS as readonly string[]).includes(a.section))
    throw invalid(`attribution.section is one of ${ATTRIBUTION_SECTIONS.join(', ')}.`);
  const out: Attribution = { section: a.section as Attribution['section'], currency: 'USD', amount_minor: 0 };
  if (a.field !== undefined) out.field = shortString('attribution.field', a.field);
  if (a.currency !== undefined) {
    if (typeof a.currency !== 'string' || !/^[A-Z]{3}$/.test(a.currency)) throw invalid('attribution.currency is an ISO 4217 code such as USD.');
    out.currency = a.currency;
  }
  if (a.amount_minor !== undefined) {
    if (typeof a.amount_minor !== 'number' || !Number.isSafeInteger(a.amount_minor) || a.amount_minor < 0)
      throw invalid('attribution.amount_minor is a non-negative whole number of minor units.');
    out.amount_minor = a.amount_minor;
  }
  return out;
}
