import { ACK_FIELDS } from '@app/domain/onboarding-fields';
import { RequiredMark } from '../../../components/ui/Field.tsx';
import { CheckboxField } from '../fields/CheckboxField.tsx';
import { TextAreaField, TextField } from '../fields/TextField.tsx';

type AckName = (typeof ACK_FIELDS)[number]['camel'];

/** What each acknowledgement asks the user to accept; its title is the spec's friendly label. */
const ACK_TEXT: Record<AckName, string> = {
  ackIncorrectStatements:
    'The information I have given is true. Incorrect statements can lead to applications I did not want and may end the service.',
  ackReadAbove: 'I have read everything above, including the Terms & Conditions.',
  ackNoGuarantees: 'No interviews and no job offers are guaranteed.',
  ackWhatsApp: 'My team communicates with me on WhatsApp and by e-mail.',
  ackCancellation: 'I can cancel or pause my plan at any time; cancellation stops future billing.',
  ackRefundPolicy: 'There are no refunds or credits, except as a courtesy at the company’s discretion.',
  ackRefuseService: 'The company may refuse or end service at its discretion.',
  ackGlobalTeam:
    'My team works from around the world, mostly from the Philippines, and may contact me from +63 numbers.',
  ackSelfServiceCancel: 'I cancel or pause myself through the members portal, without waiting for the team.',
  ackBillingIssues:
    'Billing questions are handled by e-mail, and the service pauses while a payment is outstanding.',
};

/** Step 8: LinkedIn, past applications, the acknowledgements, the signature and the newsletter. */
export function AdditionalStep() {
  return (
    <div className="space-y-6">
      <TextField
        name="linkedinUrl"
        label="LinkedIn URL"
        type="url"
        placeholder="https://www.linkedin.com/in/your-name"
        autoComplete="url"
      />
      <TextAreaField
        name="applicationHistory"
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
            key={ack.camel}
            name={ack.camel}
            label={ack.label}
            description={ACK_TEXT[ack.camel]}
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
        name="subscribeToNewsletter"
        label="Send me the Career Coaching Email"
        description="Occasional job-search advice from our team. You can unsubscribe at any time."
      />
    </div>
  );
}
