import { YES_NO } from '@app/domain/onboarding-fields';
import { formatPhoneInput } from '@app/domain/onboarding-rules';
import { ChoiceGroup } from '../fields/ChoiceGroup.tsx';
import { DateField } from '../fields/DateField.tsx';
import { TextAreaField, TextField } from '../fields/TextField.tsx';

/** Step 3: who you are and how to reach you. */
export function PersonalStep() {
  return (
    <div className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-3">
        <TextField name="first_name" label="First Name" required autoComplete="given-name" />
        <TextField name="middle_name" label="Middle Name" autoComplete="additional-name" />
        <TextField name="last_name" label="Last Name" required autoComplete="family-name" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField name="email_address" label="Email Address" required type="email" autoComplete="email" />
        <TextField
          name="phone_number"
          label="Phone Number"
          required
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(555) 123-4567"
          format={formatPhoneInput}
        />
      </div>
      <ChoiceGroup name="has_whatsapp" legend="Do you use WhatsApp on this number?" options={YES_NO} />
      <div className="grid gap-5 sm:grid-cols-2">
        <DateField name="birthdate" label="Birthdate" />
        <TextField name="pronouns" label="Pronouns" placeholder="e.g. she/her" />
      </div>
      <TextField
        name="where_found_us"
        label="How did you find us?"
        placeholder="e.g. a friend, LinkedIn, a search"
      />
      <TextAreaField
        name="goals"
        label="What are your goals for your job search?"
        placeholder="e.g. move into a senior role at a product company within three months"
      />
    </div>
  );
}
