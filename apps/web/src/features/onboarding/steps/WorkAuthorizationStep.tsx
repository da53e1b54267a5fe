import { YES_NO, YES_NO_PENDING } from '@app/domain/onboarding-fields';
import { ChoiceGroup } from '../fields/ChoiceGroup.tsx';
import { TextField } from '../fields/TextField.tsx';

/** Step 5: whether you may work in the US and need sponsorship. */
export function WorkAuthorizationStep() {
  return (
    <div className="space-y-6">
      <ChoiceGroup name="us_citizen" legend="Are you a US citizen?" options={YES_NO} required />
      <ChoiceGroup
        name="work_authorization"
        legend="Are you authorized to work in the US?"
        options={YES_NO_PENDING}
        required
      />
      <ChoiceGroup
        name="requires_sponsorship"
        legend="Will you now or in the future require visa sponsorship?"
        options={YES_NO}
        required
      />
      <TextField
        name="sponsorship_type"
        label="Type of sponsorship"
        hint="Only if you need sponsorship, e.g. H-1B, TN, OPT extension."
      />
    </div>
  );
}
