import { emptyOnboardingFields, readOnboardingFields } from '@app/domain/onboarding-fields';
import { completeOnboardingForm } from '@app/domain/onboarding-testing';
import { describe, expect, it } from 'vitest';
import { answersToAdopt, wizardValues } from './saved-submission.ts';

const stored = (form: object) => ({
  id: 's',
  user_id: 'u',
  created_at: '',
  updated_at: '',
  ...readOnboardingFields(form),
});

describe('the wizard values of a saved submission', () => {
  it('start empty, with the terms unchecked, without a submission', () => {
    expect(wizardValues(null)).toMatchObject({
      first_name: '',
      job_type: [],
      terms_reviewed: false,
      terms_agreed: false,
    });
  });

  it('keep the terms unchecked while nothing past them is answered', () => {
    expect(wizardValues(stored({}))).toMatchObject({ terms_reviewed: false, terms_agreed: false });
  });

  it('keep the terms unchecked when only the name and e-mail from sign-in are saved', () => {
    expect(
      wizardValues(stored({ first_name: 'Ada', last_name: 'Lovelace', email_address: 'ada@example.com' })),
    ).toMatchObject({ first_name: 'Ada', terms_reviewed: false, terms_agreed: false });
  });

  it('count the terms as accepted once later answers exist, or the profile is complete', () => {
    expect(wizardValues(stored({ first_name: 'Ada', phone_number: '(555) 123-4567' }))).toMatchObject({
      first_name: 'Ada',
      terms_reviewed: true,
      terms_agreed: true,
    });
    expect(wizardValues(stored(completeOnboardingForm()))).toMatchObject({
      terms_reviewed: true,
      terms_agreed: true,
    });
  });
});

describe('the answers a form takes from the server after it answered', () => {
  const fields = (values: object) => ({ ...emptyOnboardingFields(), ...values });

  it('fill every field still showing what was expected, and leave what the person typed since', () => {
    const shown = fields({ first_name: 'Augusta', birthdate: '02/30/1990' });
    const expected = fields({ first_name: 'Ada' });
    const saved = fields({ first_name: 'Ada', city: 'London', birthdate: '1815-12-10' });
    expect(answersToAdopt(shown, expected, saved)).toEqual({ city: 'London' });
  });

  it('are none when the form already shows what the server holds', () => {
    const same = fields({ city: 'London', job_type: ['contract'] });
    expect(answersToAdopt(same, same, fields({ city: 'London', job_type: ['contract'] }))).toEqual({});
  });
});
