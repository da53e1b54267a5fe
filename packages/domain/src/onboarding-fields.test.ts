import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACK_FIELDS,
  changedOnboardingFields,
  EXPERIENCE_LEVELS,
  emptyOnboardingFields,
  JOB_TYPES,
  joinCommaList,
  namesAnEntry,
  ONBOARDING_FIELDS,
  type OnboardingFields,
  onboardingFieldsSchema,
  parseCommaList,
  readOnboardingFields,
  WORK_LOCATION_TYPES,
  YES_NO,
  YES_NO_MAYBE,
  YES_NO_PENDING,
} from './onboarding-fields.ts';

/**
 * The record's fields as spec 2, section 3 lists them (besides id, user_id, created_at, updated_at),
 * plus location_requirements, which spec 1, section 3 adds.
 */
const SPEC_RECORD_KEYS = [
  'first_name',
  'middle_name',
  'last_name',
  'email_address',
  'phone_number',
  'birthdate',
  'pronouns',
  'has_whatsapp',
  'where_found_us',
  'goals',
  'street_address',
  'city',
  'state',
  'zip_code',
  'country',
  'us_citizen',
  'work_authorization',
  'requires_sponsorship',
  'sponsorship_type',
  'currently_employed',
  'availability_to_start',
  'recent_position',
  'recent_employer',
  'experience_level',
  'job_type',
  'resume',
  'cover_letter',
  'top_job_titles',
  'job_description_keywords',
  'exclude_job_titles',
  'exclude_job_description_keywords',
  'salary_expectation',
  'location_requirements',
  'work_location_type',
  'open_for_relocation',
  'job_criteria',
  'linkedin_url',
  'application_history',
  'signature',
  'subscribe_to_newsletter',
  'onboarding_completed',
  'ack_incorrect_statements',
  'ack_read_above',
  'ack_no_guarantees',
  'ack_whatsapp',
  'ack_cancellation',
  'ack_refund_policy',
  'ack_refuse_service',
  'ack_global_team',
  'ack_self_service_cancel',
  'ack_billing_issues',
];

describe('ONBOARDING_FIELDS', () => {
  it('holds every field of the record exactly once', () => {
    expect(ONBOARDING_FIELDS.map((f) => f.snake).sort()).toEqual([...SPEC_RECORD_KEYS].sort());
  });

  it('gives lists, booleans and text their kinds and defaults', () => {
    const kinds = Object.fromEntries(ONBOARDING_FIELDS.map((f) => [f.snake, f.kind]));
    const lists = Object.keys(kinds).filter((k) => kinds[k] === 'list');
    const booleans = Object.keys(kinds).filter((k) => kinds[k] === 'boolean');
    expect(lists.sort()).toEqual(['job_type', 'work_location_type']);
    expect(booleans.sort()).toEqual(
      [...ACK_FIELDS.map((a) => a.snake), 'onboarding_completed', 'subscribe_to_newsletter'].sort(),
    );
    for (const f of ONBOARDING_FIELDS) {
      expect(f.default).toEqual(f.kind === 'list' ? [] : f.kind === 'boolean' ? false : '');
    }
  });
});

describe('ACK_FIELDS', () => {
  it('lists the ten acknowledgements in the spec order with their friendly labels', () => {
    expect(ACK_FIELDS.map((a) => [a.snake, a.label])).toEqual([
      ['ack_incorrect_statements', 'Incorrect Statements Policy'],
      ['ack_read_above', 'Reading Terms'],
      ['ack_no_guarantees', 'No Job Guarantees'],
      ['ack_whatsapp', 'WhatsApp Communication Consent'],
      ['ack_cancellation', 'Cancellation Policy'],
      ['ack_refund_policy', 'Refund Policy'],
      ['ack_refuse_service', 'Service Refusal Policy'],
      ['ack_global_team', 'Global Team'],
      ['ack_self_service_cancel', 'Self-Service Cancellation'],
      ['ack_billing_issues', 'Billing Issues Handling'],
    ]);
  });
});

describe('option lists', () => {
  it('match the spec constants', () => {
    expect(JOB_TYPES.map((o) => o.value)).toEqual([
      'full-time',
      'part-time',
      'contract',
      'temporary',
      'internship',
      'freelance',
    ]);
    expect(EXPERIENCE_LEVELS.map((o) => o.value)).toEqual(['entry', 'mid', 'senior', 'executive']);
    expect(WORK_LOCATION_TYPES.map((o) => o.label)).toEqual(['Remote', 'Hybrid', 'On-site']);
    expect(YES_NO.map((o) => o.value)).toEqual(['Yes', 'No']);
    expect(YES_NO_PENDING.map((o) => o.value)).toEqual(['Yes', 'No', 'Pending']);
    expect(YES_NO_MAYBE.map((o) => o.value)).toEqual(['Yes', 'No', 'Maybe']);
  });
});

describe('emptyOnboardingFields', () => {
  it('starts every field at its default', () => {
    const fields = emptyOnboardingFields();
    expect(fields.first_name).toBe('');
    expect(fields.job_type).toEqual([]);
    expect(fields.ack_whatsapp).toBe(false);
    expect(Object.keys(fields)).toHaveLength(ONBOARDING_FIELDS.length);
  });

  it('gives each form its own lists', () => {
    const first = emptyOnboardingFields();
    first.job_type.push('contract');
    expect(emptyOnboardingFields().job_type).toEqual([]);
  });
});

describe('readOnboardingFields', () => {
  it('keeps every field of a form and leaves out the terms checkboxes', () => {
    const fields = readOnboardingFields({
      first_name: 'Ada',
      has_whatsapp: 'Yes',
      ack_whatsapp: true,
      job_type: ['contract'],
      terms_reviewed: true,
    });
    expect(fields).toMatchObject({
      first_name: 'Ada',
      has_whatsapp: 'Yes',
      ack_whatsapp: true,
      job_type: ['contract'],
      last_name: '',
      work_location_type: [],
      onboarding_completed: false,
    });
    expect(Object.keys(fields)).toHaveLength(ONBOARDING_FIELDS.length);
  });

  it.each([
    { job_type: ['full-time', 'contract'], list: ['full-time', 'contract'] },
    { job_type: 'full-time, contract', list: ['full-time', 'contract'] },
    { job_type: 'full-time', list: ['full-time'] },
    { job_type: '', list: [] },
    { job_type: null, list: [] },
  ])('accepts job_type $job_type as a list or comma-separated text', ({ job_type, list }) => {
    expect(readOnboardingFields({ job_type }).job_type).toEqual(list);
  });

  it('fills missing and null values with defaults and ignores identity and unknown keys', () => {
    const fields = readOnboardingFields({
      id: 'r1',
      user_id: 'u1',
      first_name: null,
      city: 'Paris',
      surprise: 1,
    });
    expect(fields).toEqual({ ...emptyOnboardingFields(), city: 'Paris' });
  });

  it('reads SQLite 0/1 booleans', () => {
    const fields = readOnboardingFields({
      ack_refund_policy: 1,
      ack_global_team: 0,
      subscribe_to_newsletter: true,
    });
    expect([fields.ack_refund_policy, fields.ack_global_team, fields.subscribe_to_newsletter]).toEqual([
      true,
      false,
      true,
    ]);
  });

  it('treats anything but an object as empty', () => {
    expect(readOnboardingFields(null)).toEqual(emptyOnboardingFields());
    expect(readOnboardingFields(undefined)).toEqual(emptyOnboardingFields());
  });

  const text = fc.string({ maxLength: 20 });
  const fieldsArbitrary = fc.record(
    Object.fromEntries(
      ONBOARDING_FIELDS.map((f) => [
        f.snake,
        f.kind === 'list' ? fc.array(text, { maxLength: 5 }) : f.kind === 'boolean' ? fc.boolean() : text,
      ]),
    ),
  ) as fc.Arbitrary<OnboardingFields>;

  it('reads every well-typed record back unchanged, and it matches the record schema', () => {
    fc.assert(
      fc.property(fieldsArbitrary, (fields) => {
        expect(readOnboardingFields(fields)).toEqual(fields);
        expect(onboardingFieldsSchema.parse(fields)).toEqual(fields);
      }),
    );
  });

  it('never throws and always answers every field', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        expect(Object.keys(readOnboardingFields(input))).toHaveLength(ONBOARDING_FIELDS.length);
      }),
    );
  });
});

describe('comma-joined lists', () => {
  it.each([
    ['Engineer, Data Scientist', ['Engineer', 'Data Scientist']],
    [' a ,, b , ', ['a', 'b']],
    ['', []],
    ['   ', []],
  ])('parses %j', (text, list) => {
    expect(parseCommaList(text)).toEqual(list);
  });

  it.each([
    ['Engineer', true],
    [', Engineer,', true],
    [',', false],
    [' , ,', false],
    ['', false],
    [undefined, false],
  ])('%j names an entry: %j', (text, names) => {
    expect(namesAnEntry(text)).toBe(names);
  });

  it('joins entries, ignoring blanks', () => {
    expect(joinCommaList(['Engineer', ' ', ' Data Scientist '])).toBe('Engineer, Data Scientist');
    expect(joinCommaList([])).toBe('');
  });

  it('round-trips entries without commas', () => {
    const entry = fc
      .string({ minLength: 1, maxLength: 15 })
      .filter((s) => !s.includes(',') && s.trim() !== '')
      .map((s) => s.trim());
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 8 }), (list) => {
        expect(parseCommaList(joinCommaList(list))).toEqual(list);
      }),
    );
  });
});

describe('changedOnboardingFields', () => {
  it('names only the fields whose value changed, lists compared by their entries', () => {
    const before = { ...emptyOnboardingFields(), city: 'Paris', job_type: ['contract'] };
    expect(changedOnboardingFields(before, { ...before, job_type: ['contract'] })).toEqual({});
    expect(
      changedOnboardingFields(before, { ...before, city: '', job_type: ['contract', 'full-time'] }),
    ).toEqual({ city: '', job_type: ['contract', 'full-time'] });
    expect(changedOnboardingFields(before, { ...before, ack_whatsapp: true })).toEqual({
      ack_whatsapp: true,
    });
  });

  it('applied to what it compared from, gives what it compared to', () => {
    const record = fc.record({
      city: fc.string(),
      job_type: fc.array(fc.constantFrom('contract', 'full-time')),
      ack_whatsapp: fc.boolean(),
    });
    fc.assert(
      fc.property(record, record, (a, b) => {
        const before = { ...emptyOnboardingFields(), ...a };
        const after = { ...emptyOnboardingFields(), ...b };
        expect({ ...before, ...changedOnboardingFields(before, after) }).toEqual(after);
      }),
    );
  });
});
