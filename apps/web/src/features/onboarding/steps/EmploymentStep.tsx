import { EXPERIENCE_LEVELS, JOB_TYPES, YES_NO } from '@app/domain/onboarding-fields';
import { CheckboxGroup, ChoiceGroup } from '../fields/ChoiceGroup.tsx';
import { DateField } from '../fields/DateField.tsx';
import { DocumentField } from '../fields/DocumentField.tsx';
import { SelectField } from '../fields/SelectField.tsx';
import { TextField } from '../fields/TextField.tsx';

/** Step 6: your current work, the jobs you want, your resume and cover letter. */
export function EmploymentStep() {
  return (
    <div className="space-y-6">
      <ChoiceGroup name="currently_employed" legend="Are you currently employed?" options={YES_NO} required />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          name="recent_position"
          label="Recent Position"
          required
          autoComplete="organization-title"
        />
        <TextField name="recent_employer" label="Recent Employer" required autoComplete="organization" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          name="experience_level"
          label="Experience Level"
          options={EXPERIENCE_LEVELS}
          placeholder="Select your experience level"
          required
        />
        <DateField name="availability_to_start" label="Availability to Start" />
      </div>
      <CheckboxGroup
        name="job_type"
        legend="Job Type"
        hint="Select every type you would accept."
        options={JOB_TYPES}
        required
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <DocumentField name="resume" label="Resume" folder="resumes" required />
        <DocumentField name="cover_letter" label="Cover Letter" folder="cover-letters" />
      </div>
    </div>
  );
}
