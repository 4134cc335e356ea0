import { describe, expect, it } from 'vitest';
import { resolveLanguage } from './language';

describe('resolveLanguage', () => {
  it('prefers the saved preference, by its prefix', () => {
    expect(resolveLanguage('de-AT', 'en', 'en-US')).toBe('de');
    expect(resolveLanguage('fr', 'de', 'de-DE')).toBe('en');
  });

  it('falls back to the stored choice', () => {
    expect(resolveLanguage(null, 'de', 'en-US')).toBe('de');
  });

  it('ignores an unknown stored value and uses the browser language', () => {
    expect(resolveLanguage(undefined, 'xx', 'de-CH')).toBe('de');
    expect(resolveLanguage(undefined, null, 'it-IT')).toBe('en');
    expect(resolveLanguage(undefined, null, undefined)).toBe('en');
  });
});
