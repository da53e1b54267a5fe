import type { AdminRecord } from '@app/domain/admin-email';
import { describe, expect, it } from 'vitest';
import { NOT_PROVIDED, recordAcknowledgements, recordDetails } from './admin-record-view.ts';

const record: AdminRecord = {
  first_name: 'Jane',
  last_name: 'Doe',
  email_address: 'jane@example.com',
  phone_number: '(555) 123-4567',
  experience_level: 'senior',
  salary_expectation: '$75,000',
  has_whatsapp: 'Yes',
  job_type: ['full-time', 'contract'],
  work_location_type: ['Remote'],
  onboarding_completed: true,
  signature: '',
  ack_incorrect_statements: true,
  ack_read_above: true,
  ack_no_guarantees: true,
  ack_whatsapp: false,
  ack_cancellation: true,
  ack_refund_policy: true,
  ack_refuse_service: true,
  ack_global_team: true,
  ack_self_service_cancel: true,
  ack_billing_issues: true,
  created_at: '2026-11-03T14:15:00.000Z',
  resume_name: 'Jane_Doe.pdf',
  cover_letter_name: null,
};

describe('the User Information card', () => {
  const values = Object.fromEntries(recordDetails(record).map((line) => [line.label, line.value]));

  it('reads values the way people write them', () => {
    expect(values['Experience Level']).toBe('Senior Level');
    expect(values['Salary Expectation']).toBe('$75,000');
    expect(values['Job Type']).toBe('Full-time, Contract');
    expect(values['Work Location Type']).toBe('Remote');
    expect(values['Onboarding Completed']).toBe('Yes');
    expect(values.Resume).toBe('Jane_Doe.pdf');
    expect(values.Submitted).toMatch(/^November 3, 2026 at \d{1,2}:\d{2} (AM|PM)$/);
  });

  it('says what is missing instead of showing blanks', () => {
    expect(values['Digital Signature']).toBe(NOT_PROVIDED);
    expect(values['Cover Letter']).toBe(NOT_PROVIDED);
  });

  it('never lists links, ids or the last update', () => {
    const keys = recordDetails(record).map((line) => line.key);
    const hidden = ['resume', 'cover_letter', 'id', 'user_id', 'updated_at', 'job_filters'];
    expect(keys.filter((key) => hidden.includes(key))).toEqual([]);
  });

  it('lists the ten acknowledgements with their friendly labels', () => {
    const acks = recordAcknowledgements(record);
    expect(acks).toHaveLength(10);
    expect(acks.find((ack) => ack.key === 'ack_whatsapp')).toEqual({
      key: 'ack_whatsapp',
      label: 'WhatsApp Communication Consent',
      accepted: false,
    });
  });
});
