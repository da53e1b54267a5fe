import { ACK_FIELDS } from '@app/domain/onboarding-fields';
import { RequiredMark } from '../../../components/ui/Field.tsx';
import { CheckboxField } from '../fields/CheckboxField.tsx';
import { TextAreaField, TextField } from '../fields/TextField.tsx';

type AckName = (typeof ACK_FIELDS)[number]['snake'];

/** What each acknowledgement asks the user to accept; its title is the spec's friendly label. */
const ACK_TEXT: Record<AckName, string> = {
  ack_incorrect_statements:
    'The information I have given is true. Incorrect statements can lead to applications I did not want and may end the service.',
  ack_read_above: 'I have read everything above, including the Terms & Conditions.',
  ack_no_guarantees: 'No interviews and no job offers are guaranteed.',
  ack_whatsapp: 'My team communicates with me on WhatsApp and by e-mail.',
  ack_cancellation: 'I can cancel or pause my plan at any time; cancellation stops future billing.',
  ack_refund_policy: 'There are no refunds or credits, except as a courtesy at the company’s discretion.',
  ack_refuse_service: 'The company may refuse or end service at its discretion.',
  ack_global_team:
    'My team works from around the world, mostly from the Philippines, and may contact me from +63 numbers.',
  ack_self_service_cancel:
    'I cancel or pause myself through the members portal, without waiting for the team.',
  ack_billing_issues:
    'Billing questions are handled by e-mail, and the service pauses while a payment is outstanding.',
};

/** Step 8: LinkedIn, past applications, the acknowledgements, the signature and the newsletter. */
export function AdditionalStep() {
  return (
    <div className="space-y-6">
      <TextField
        name="linkedin_url"
        label="LinkedIn URL"
        type="url"
        placeholder="https://www.linkedin.com/in/your-name"
        autoComplete="url"
      />
      <TextAreaField
        name="application_history"
        label="Where have you already applied?"
        hint="Companies or roles from the last few months, so we don't apply twice."
      />

      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium text-neutral-800">
          Acknowledgements
          <RequiredMark />
        </legend>
        <p className="text-sm text-neutral-600">Please read and check each one.</p>
        {ACK_FIELDS.map((ack) => (
          <CheckboxField
            key={ack.snake}
            name={ack.snake}
            label={ack.label}
            description={ACK_TEXT[ack.snake]}
            required
          />
        ))}
      </fieldset>

      <TextField
        name="signature"
        label="Digital Signature"
        hint="Type your full legal name to sign."
        autoComplete="name"
        required
      />
      <CheckboxField
        name="subscribe_to_newsletter"
        label="Send me the Career Coaching Email"
        description="Occasional job-search advice from our team. You can unsubscribe at any time."
      />
    </div>
  );
}
