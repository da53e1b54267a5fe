import { describe, expect, it } from 'vitest';
import { groupedSecret, safeReturnPath } from './mfa-api.ts';

describe('safeReturnPath', () => {
  it('returns to a path on this site, and nowhere else', () => {
    expect(safeReturnPath('/admin?client=1')).toBe('/admin?client=1');
    expect(safeReturnPath(null)).toBe('/');
    expect(safeReturnPath('https://evil.example')).toBe('/');
    expect(safeReturnPath('//evil.example')).toBe('/');
    // A browser reads a backslash as a slash: this one leads to evil.example.
    expect(safeReturnPath('/\\evil.example')).toBe('/');
    expect(safeReturnPath('/mfa')).toBe('/');
  });
});

describe('groupedSecret', () => {
  it('shows the key in groups of four', () => {
    expect(groupedSecret('ABCDEFGHIJKLMNOPQR')).toBe('ABCD EFGH IJKL MNOP QR');
  });
});
