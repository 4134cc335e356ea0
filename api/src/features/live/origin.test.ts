import { describe, expect, it } from 'vitest';
import { originAllowed } from './origin';

describe('live socket origin check', () => {
  it('allows clients without Origin, the same host on any port, and the public origin', () => {
    expect(originAllowed(undefined, 'api:3000', undefined)).toBe(true);
    expect(originAllowed('http://localhost:8080', 'localhost', undefined)).toBe(true);
    expect(originAllowed('https://taktwerk.example.com', 'api:3000', 'https://taktwerk.example.com/')).toBe(true);
    expect(originAllowed('http://[::1]:5173', '[::1]:3000', undefined)).toBe(true);
  });

  it('refuses other sites, lookalike hosts and opaque origins', () => {
    expect(originAllowed('https://evil.example', 'localhost:3000', undefined)).toBe(false);
    expect(originAllowed('https://taktwerk.example.com.evil.example', 'api:3000', 'https://taktwerk.example.com')).toBe(false);
    expect(originAllowed('http://taktwerk.example.com', 'api:3000', 'https://taktwerk.example.com')).toBe(false);
    expect(originAllowed('null', 'localhost:3000', undefined)).toBe(false);
    expect(originAllowed('https://evil.example', undefined, undefined)).toBe(false);
  });
});
