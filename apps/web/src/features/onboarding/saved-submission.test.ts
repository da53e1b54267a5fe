import { toRecord } from '@app/domain/onboarding-fields';
import { completeOnboardingForm } from '@app/domain/onboarding-testing';
import { describe, expect, it } from 'vitest';
import { wizardValues } from './saved-submission.ts';

const stored = (form: object) => ({
  id: 's',
  user_id: 'u',
  created_at: '',
  updated_at: '',
  ...toRecord(form),
});

describe('the wizard values of a saved submission', () => {
  it('start empty, with the terms unchecked, without a submission', () => {
    expect(wizardValues(null)).toMatchObject({
      firstName: '',
      jobType: [],
      termsReviewed: false,
      termsAgreed: false,
    });
  });

  it('keep the terms unchecked while nothing past them is answered', () => {
    expect(wizardValues(stored({}))).toMatchObject({ termsReviewed: false, termsAgreed: false });
  });

  it('count the terms as accepted once later answers exist, or the profile is complete', () => {
    expect(wizardValues(stored({ firstName: 'Ada' }))).toMatchObject({ firstName: 'Ada', termsAgreed: true });
    expect(wizardValues(stored(completeOnboardingForm()))).toMatchObject({
      termsReviewed: true,
      termsAgreed: true,
    });
  });
});
