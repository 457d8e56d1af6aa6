// `/url-detection`: an honest look at a URL itself — nothing is fetched. Each signal is a known
// trait of phishing and malware links: an IP-literal host, credentials before the host (the
// `https://bank.com@evil.example` trick), punycode and mixed-script hosts, hosts one or two edits
// (or a digit-for-letter swap) away from a well-known brand's, a brand's name as a subdomain of
// another domain, executable downloads, script schemes, link shorteners that hide the target,
// sign-in paths on plain http, throw-away TLDs, deep or hyphen-laden hosts. Signals combine as
// 1 - Π(1 - w); 0.5 or more is malicious. It cannot see what a page does: a clean-looking URL to
// a compromised site passes, and the brand list is short and fixed.

import { isIP } from 'node:net';
import { domainToUnicode } from 'node:url';

/** The answer of `/url-detection`. */
export interface UrlVerdict {
  is_malicious: boolean;
  threat_type: 'phishing' | 'malware' | 'suspicious_redirect' | 'script_injection' | 'none';
  confidence_score: number;
  processing_time_ms: number;
}

interface Signal {
  code: string;
  weight: number;
  threat: Exclude<UrlVerdict['threat_type'], 'none'>;
}

/** Brands phishers imitate, with their real registrable domains. */
const BRANDS: Record<string, string[]> = {
  paypal: ['paypal.com'],
  apple: ['apple.com', 'icloud.com'],
  google: ['google.com', 'gmail.com', 'youtube.com'],
  microsoft: ['microsoft.com', 'live.com', 'office.com', 'outlook.com'],
  amazon: ['amazon.com', 'amazon.co.uk', 'amazon.de'],
  facebook: ['facebook.com', 'fb.com'],
  instagram: ['instagram.com'],
  netflix: ['netflix.com'],
  chase: ['chase.com'],
  wellsfargo: ['wellsfargo.com'],
  bankofamerica: ['bankofamerica.com'],
  citibank: ['citibank.com', 'citi.com'],
  hsbc: ['hsbc.com', 'hsbc.co.uk'],
  coinbase: ['coinbase.com'],
  binance: ['binance.com'],
  dropbox: ['dropbox.com'],
  docusign: ['docusign.com', 'docusign.net'],
  linkedin: ['linkedin.com'],
  dhl: ['dhl.com'],
  fedex: ['fedex.com'],
  usps: ['usps.com'],
  irs: ['irs.gov'],
};

const SHORTENERS = new Set([
  'bit.ly',
  'tinyurl.com',
  't.co',
  'goo.gl',
  'ow.ly',
  'is.gd',
  'buff.ly',
  'cutt.ly',
  'rebrand.ly',
  'tiny.cc',
  'rb.gy',
  'shorturl.at',
  'v.gd',
]);
const RISKY_TLDS = new Set(['zip', 'mov', 'xyz', 'top', 'tk', 'ml', 'ga', 'cf', 'gq', 'click', 'country', 'work', 'support', 'rest', 'cam']);
const EXECUTABLE = /\.(exe|scr|msi|bat|cmd|pif|vbs|vbe|jse|wsf|jar|apk|ps1|hta|dll)(?:$|[?#])/i;
const SIGN_IN = /(log-?in|sign-?in|verify|verification|account|update|secure|banking|password|wallet|unlock|confirm)/i;
const HOMOGLYPHS: [RegExp, string][] = [
  [/0/g, 'o'],
  [/1/g, 'l'],
  [/3/g, 'e'],
  [/5/g, 's'],
  [/rn/g, 'm'],
  [/vv/g, 'w'],
];

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** The registrable domain, roughly: the last two labels (three under a two-letter second-level like co.uk). */
function registrable(host: string): string {
  const labels = host.split('.');
  const tail = labels.slice(-2).join('.');
  return /^(co|com|org|net|gov|ac)\.[a-z]{2}$/.test(tail) ? labels.slice(-3).join('.') : tail;
}

/** The signals a URL shows. */
export function urlSignals(raw: string): Signal[] {
  const signals: Signal[] = [];
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(raw.trim())?.[1]?.toLowerCase();
  if (scheme === 'javascript' || scheme === 'data' || scheme === 'vbscript') return [{ code: 'script_scheme', weight: 0.95, threat: 'script_injection' }];
  const url = new URL(raw);
  const host = url.hostname
    .replace(/^\[|\]$/g, '')
    .toLowerCase()
    .replace(/\.$/, '');
  if (isIP(host)) signals.push({ code: 'ip_literal_host', weight: 0.45, threat: 'phishing' });
  if (url.username || url.password) signals.push({ code: 'credentials_in_url', weight: 0.7, threat: 'phishing' });
  const unicode = domainToUnicode(host);
  if (host.split('.').some((l) => l.startsWith('xn--'))) {
    const mixed = /[a-z]/.test(unicode) && [...unicode].some((c) => c.charCodeAt(0) > 0x7f);
    signals.push({ code: mixed ? 'mixed_script_host' : 'punycode_host', weight: mixed ? 0.6 : 0.3, threat: 'phishing' });
  }
  if (!isIP(host)) {
    const domain = registrable(host);
    const label = domain.split('.')[0] ?? '';
    const folded = HOMOGLYPHS.reduce((s, [re, to]) => s.replace(re, to), label.replace(/-/g, ''));
    for (const [brand, domains] of Object.entries(BRANDS)) {
      if (domains.includes(domain)) continue;
      const near =
        folded === brand || (brand.length >= 5 && editDistance(folded, brand) <= (brand.length >= 8 ? 2 : 1)) || (folded.includes(brand) && folded !== label);
      if (near) signals.push({ code: 'lookalike_domain', weight: 0.75, threat: 'phishing' });
      else if (label.includes(brand)) signals.push({ code: 'brand_in_domain', weight: 0.45, threat: 'phishing' });
      if (
        host
          .split('.')
          .slice(0, -2)
          .some((l) => l === brand || domains.some((d) => host.startsWith(`${d}.`)))
      )
        signals.push({ code: 'brand_in_subdomain', weight: 0.65, threat: 'phishing' });
    }
    if (SHORTENERS.has(host)) signals.push({ code: 'url_shortener', weight: 0.35, threat: 'suspicious_redirect' });
    if (RISKY_TLDS.has(host.split('.').at(-1) ?? '')) signals.push({ code: 'risky_tld', weight: 0.2, threat: 'phishing' });
    if (host.split('.').length > 5) signals.push({ code: 'deep_subdomains', weight: 0.2, threat: 'phishing' });
    if ((host.match(/-/g) ?? []).length >= 3) signals.push({ code: 'hyphenated_host', weight: 0.15, threat: 'phishing' });
  }
  if (EXECUTABLE.test(url.pathname)) signals.push({ code: 'executable_download', weight: 0.6, threat: 'malware' });
  if (/\.(pdf|docx?|xlsx?|jpg|png)\.(exe|scr|js|vbs|bat|cmd)$/i.test(url.pathname)) signals.push({ code: 'double_extension', weight: 0.7, threat: 'malware' });
  if (url.protocol === 'http:' && SIGN_IN.test(url.pathname + url.search)) signals.push({ code: 'sign_in_over_http', weight: 0.3, threat: 'phishing' });
  if (raw.length > 200) signals.push({ code: 'very_long_url', weight: 0.1, threat: 'phishing' });
  if (/@/.test(url.pathname)) signals.push({ code: 'at_sign_in_path', weight: 0.2, threat: 'phishing' });
  return signals;
}

/** Judges a URL. */
export function checkUrl(raw: string, started = performance.now()): UrlVerdict {
  const signals = urlSignals(raw);
  const score = 1 - signals.reduce((keep, s) => keep * (1 - s.weight), 1);
  const top = [...signals].sort((a, b) => b.weight - a.weight)[0];
  const malicious = score >= 0.5;
  return {
    is_malicious: malicious,
    threat_type: malicious && top ? top.threat : 'none',
    confidence_score: Math.round((malicious ? score : 1 - score) * 100) / 100,
    processing_time_ms: Math.round((performance.now() - started) * 100) / 100,
  };
}
