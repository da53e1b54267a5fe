import { describe, expect, it } from 'vitest';
import { isStaffEmail } from './staff.ts';

describe('isStaffEmail', () => {
  it('accepts an address on exactly the company domain, in any letter case', () => {
    expect(isStaffEmail('someone@company.test', 'company.test')).toBe(true);
    expect(isStaffEmail('Someone@Company.TEST', 'company.test')).toBe(true);
    expect(isStaffEmail('someone@company.test', 'COMPANY.test')).toBe(true);
  });

  it('refuses look-alike domains, subdomains and other tricks', () => {
    expect(isStaffEmail('someone@evilcompany.test', 'company.test')).toBe(false);
    expect(isStaffEmail('someone@sub.company.test', 'company.test')).toBe(false);
    expect(isStaffEmail('someone@company.test.evil.test', 'company.test')).toBe(false);
    expect(isStaffEmail('company.test@gmail.com', 'company.test')).toBe(false);
    expect(isStaffEmail('@company.test', 'company.test')).toBe(false);
    expect(isStaffEmail('someone@company.test', '')).toBe(false);
  });
});
