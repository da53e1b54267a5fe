import { describe, expect, it } from 'vitest';
import { avoidedCompanyMessage, companyKey, isAvoidedCompany } from './companies-to-avoid.ts';

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

  it('says what the list refused: a row of an import, a job marked applied, or several at once', () => {
    expect(avoidedCompanyMessage(['Acme'])).toBe(
      'The client asked us never to apply to Acme; this job was not added.',
    );
    expect(avoidedCompanyMessage(['ACME Inc.'], 'applied')).toBe(
      'The client asked us never to apply to ACME Inc.; this job was not marked applied.',
    );
    expect(avoidedCompanyMessage(['Acme', 'Globex', 'ACME Inc.'], 'applied-many')).toBe(
      'The client asked us never to apply to Acme or Globex; none of these jobs was marked applied.',
    );
    expect(avoidedCompanyMessage(['A', 'B', 'C', 'D', 'E'], 'applied-many')).toBe(
      'The client asked us never to apply to A, B, C, or 2 other companies; none of these jobs was marked applied.',
    );
  });
});
