import { readOnboardingFields } from '@app/domain/onboarding-fields';
import { completeOnboardingForm } from '@app/domain/onboarding-testing';
import { describe, expect, it } from 'vitest';
import { wizardValues } from './saved-submission.ts';

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

  it('count the terms as accepted once later answers exist, or the profile is complete', () => {
    expect(wizardValues(stored({ first_name: 'Ada' }))).toMatchObject({
      first_name: 'Ada',
      terms_agreed: true,
    });
    expect(wizardValues(stored(completeOnboardingForm()))).toMatchObject({
      terms_reviewed: true,
      terms_agreed: true,
    });
  });
});
