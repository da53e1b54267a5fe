import { describe, expect, it } from 'vitest';
import { companyKey, isAvoidedCompany } from './companies-to-avoid.ts';

describe('companies to avoid', () => {
  it('compares names without case, punctuation or legal suffixes', () => {
    expect(companyKey('Acme')).toBe('acme');
    expect(companyKey('ACME Inc.')).toBe('acme');
    expect(companyKey('Acme, Inc')).toBe('acme');
    expect(companyKey('  acme   corp ltd ')).toBe('acme');
    expect(companyKey('Société Générale SA')).toBe('societe generale');
    expect(companyKey('Procter & Gamble Co.')).toBe('procter and gamble');
  });

  it('keeps words that only look like suffixes when they are the whole name or not at the end', () => {
    expect(companyKey('Inc')).toBe('inc');
    expect(companyKey('Co Op Bank')).toBe('co op bank');
    expect(companyKey('...')).toBe('');
  });

  it('matches a listed company in any spelling, and not a different company', () => {
    const listed = new Set([companyKey('Acme')]);
    expect(isAvoidedCompany('ACME Inc.', listed)).toBe(true);
    expect(isAvoidedCompany('Acme Robotics', listed)).toBe(false);
    expect(isAvoidedCompany(null, listed)).toBe(false);
  });
});
