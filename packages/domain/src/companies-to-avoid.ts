import { z } from 'zod';

/**
 * Companies a client never wants to be put forward to (decision 037). Names are compared by a key
 * that ignores case, punctuation, spacing and legal suffixes, so 'Acme', 'ACME Inc.' and
 * 'Acme, Inc' are one company, while 'Acme Robotics' is another.
 */

/** Legal forms that say nothing about which company it is, compared after punctuation is gone. */
const LEGAL_SUFFIXES = [
  'inc',
  'incorporated',
  'llc',
  'llp',
  'lp',
  'ltd',
  'limited',
  'corp',
  'corporation',
  'co',
  'company',
  'plc',
  'gmbh',
  'ag',
  'sa',
  'sas',
  'srl',
  'bv',
  'nv',
  'oy',
  'ab',
  'as',
  'pty',
  'pte',
  'kk',
];

/** The comparison key of a company name; '' for a name that is only punctuation or a suffix. */
export function companyKey(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  // Only trailing legal forms go ('Co Op Bank' keeps its words): 'Acme Holdings Pty Ltd' -> 'acme holdings'.
  while (words.length > 1 && LEGAL_SUFFIXES.includes(words[words.length - 1]!)) words.pop();
  return words.join(' ');
}

/** True when the job's company is one of the listed ones. */
export function isAvoidedCompany(
  company: string | null | undefined,
  avoidedKeys: ReadonlySet<string>,
): boolean {
  if (!company) return false;
  const key = companyKey(company);
  return key !== '' && avoidedKeys.has(key);
}

export const AVOIDED_COMPANY_MAX_LENGTH = 300;
export const AVOIDED_COMPANIES_MAX = 200;
export const AVOIDED_COMPANY_REQUIRED_MESSAGE = 'Enter a company name.';
export const AVOIDED_COMPANY_TOO_LONG_MESSAGE = `A company name must be at most ${AVOIDED_COMPANY_MAX_LENGTH} characters.`;
export const AVOIDED_COMPANY_DUPLICATE_MESSAGE = 'That company is already on your list.';
export const AVOIDED_COMPANIES_FULL_MESSAGE = `Your list can hold at most ${AVOIDED_COMPANIES_MAX} companies.`;

/** What was not done because the client lists the company, by what refused it. */
const REFUSED = {
  /** A row of an import (decision 037). */
  added: 'this job was not added',
  /** A job staff marked applied from the recruiter's table. */
  applied: 'this job was not marked applied',
  /** Several jobs marked applied at once: the whole change is refused. */
  'applied-many': 'none of these jobs was marked applied',
} as const;
type AvoidedCompanyRefusal = keyof typeof REFUSED;

/** At most this many companies are named in one message; the rest are counted. */
const NAMED_COMPANIES = 3;
const orList = new Intl.ListFormat('en', { type: 'disjunction' });

/** 'Acme', 'Acme or Globex'; one spelling of each company (the first), the others counted past three. */
function companyNames(companies: readonly string[]): string {
  const byKey = new Map<string, string>();
  for (const company of companies) {
    const key = companyKey(company);
    if (!byKey.has(key)) byKey.set(key, company);
  }
  const names = [...byKey.values()];
  if (names.length <= NAMED_COMPANIES) return orList.format(names);
  const others = names.length - NAMED_COMPANIES;
  return orList.format([
    ...names.slice(0, NAMED_COMPANIES),
    `${others} other ${others === 1 ? 'company' : 'companies'}`,
  ]);
}

/**
 * What staff are told when the client's list stops them: an import's row at a listed company
 * (`added`, per row), a job marked applied there (`applied`), or several jobs marked applied at once
 * that include some there (`applied-many`, naming each listed company among them).
 */
export function avoidedCompanyMessage(
  companies: readonly string[],
  refused: AvoidedCompanyRefusal = 'added',
): string {
  return `The client asked us never to apply to ${companyNames(companies)}; ${REFUSED[refused]}.`;
}

export const avoidedCompanyNameSchema = z
  .string()
  .trim()
  .min(1, AVOIDED_COMPANY_REQUIRED_MESSAGE)
  .max(AVOIDED_COMPANY_MAX_LENGTH, AVOIDED_COMPANY_TOO_LONG_MESSAGE)
  .refine((name) => companyKey(name) !== '', AVOIDED_COMPANY_REQUIRED_MESSAGE);

export const addAvoidedCompanyBodySchema = z.object({ name: avoidedCompanyNameSchema });

export const avoidedCompanySchema = z.object({ name: z.string(), created_at: z.string() });
export type AvoidedCompany = z.infer<typeof avoidedCompanySchema>;
export const avoidedCompaniesResponseSchema = z.object({
  data: z.array(avoidedCompanySchema),
  /** The current employer from onboarding, offered as the first entry while it is not listed. */
  suggestion: z.string().nullable(),
});
