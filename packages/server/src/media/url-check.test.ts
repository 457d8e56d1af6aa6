// The URL heuristics on links made here: each signal on its own, and ordinary links left alone.
import { describe, expect, it } from 'vitest';
import { checkUrl, urlSignals } from './url-check.js';

const codes = (url: string): string[] => urlSignals(url).map((s) => s.code);

describe('url-detection heuristics', () => {
  it('passes ordinary links', () => {
    for (const url of [
      'https://www.paypal.com/signin',
      'https://github.com/mozilla/pdf.js',
      'https://example.org/report-2024.pdf',
      'https://accounts.google.com/ServiceLogin',
    ]) {
      expect(checkUrl(url), url).toMatchObject({ is_malicious: false, threat_type: 'none' });
    }
  });

  it('names each signal', () => {
    expect(codes('http://192.168.4.20/login')).toContain('ip_literal_host');
    expect(codes('https://www.paypal.com@evil.example/')).toContain('credentials_in_url');
    expect(codes('https://xn--pypal-4ve.com/')).toContain('mixed_script_host');
    expect(codes('https://paypa1.com/signin')).toContain('lookalike_domain');
    expect(codes('https://rnicrosoft.com/')).toContain('lookalike_domain');
    expect(codes('https://paypal.com.account-verify.example/')).toContain('brand_in_subdomain');
    expect(codes('https://bit.ly/3abcd')).toContain('url_shortener');
    expect(codes('https://files.example.org/invoice.pdf.exe')).toEqual(expect.arrayContaining(['executable_download', 'double_extension']));
    expect(codes('javascript:alert(1)')).toEqual(['script_scheme']);
  });

  it('calls the strong combinations malicious, with the threat of the strongest signal', () => {
    expect(checkUrl('https://www.paypal.com@paypa1-secure.xyz/login')).toMatchObject({ is_malicious: true, threat_type: 'phishing' });
    expect(checkUrl('http://203.0.113.9/updates/setup.exe')).toMatchObject({ is_malicious: true, threat_type: 'malware' });
    expect(checkUrl('javascript:alert(document.cookie)')).toMatchObject({ is_malicious: true, threat_type: 'script_injection' });
    const shortened = checkUrl('https://bit.ly/3abcd');
    expect(shortened.is_malicious).toBe(false);
    expect(shortened.confidence_score).toBeLessThan(0.7);
  });
});
