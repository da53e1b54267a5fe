import { WORK_LOCATION_TYPES, YES_NO_MAYBE } from '@app/domain/onboarding-fields';
import { useId } from 'react';
import { CheckboxGroup, ChoiceGroup } from '../fields/ChoiceGroup.tsx';
import { ListField } from '../fields/ListField.tsx';
import { TextAreaField, TextField } from '../fields/TextField.tsx';

const WHOLE_WORDS = 'Include only whole words';

/**
 * The 'include only whole words' option of a keyword list; the spec keeps it on screen only, unsaved.
 * Two lists have one, so its accessible name says which list it belongs to.
 */
function WholeWordsOption({ list }: { list: string }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm text-neutral-700">
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-brand"
        aria-label={`${WHOLE_WORDS} in ${list}`}
      />
      <label htmlFor={id}>{WHOLE_WORDS}</label>
    </div>
  );
}

/** Step 7: the jobs you want and the ones you don't, pay, place and anything else that matters. */
export function JobPreferencesStep() {
  return (
    <div className="space-y-6">
      <ListField
        name="top_job_titles"
        label="Job Titles"
        itemName="job title"
        placeholder="e.g. Product Designer"
        hint="The titles you want us to apply for. Press Enter or Add after each one."
        required
      />
      <ListField
        name="job_description_keywords"
        label="Job Description Keywords"
        itemName="keyword"
        placeholder="e.g. design systems"
        hint="Words a job description should mention."
        aside={<WholeWordsOption list="Job Description Keywords" />}
      />
      <ListField
        name="exclude_job_titles"
        label="Excluded Job Titles"
        itemName="excluded job title"
        placeholder="e.g. Intern"
        hint="Titles we should never apply for."
      />
      <ListField
        name="exclude_job_description_keywords"
        label="Excluded Job Description Keywords"
        itemName="excluded keyword"
        placeholder="e.g. commission only"
        hint="Jobs whose description mentions these are skipped."
        aside={<WholeWordsOption list="Excluded Job Description Keywords" />}
      />
      <TextField
        name="salary_expectation"
        label="Salary Expectation"
        hint="Your minimum annual salary in USD, e.g. $75,000."
        placeholder="$75,000"
        inputMode="numeric"
        required
      />
      <CheckboxGroup
        name="work_location_type"
        legend="Work Location Type"
        options={WORK_LOCATION_TYPES}
        required
      />
      <TextField
        name="location_requirements"
        label="Location Requirements"
        placeholder="e.g. within 30 miles of Austin, TX"
      />
      <ChoiceGroup name="open_for_relocation" legend="Are you open to relocation?" options={YES_NO_MAYBE} />
      <TextAreaField
        name="job_criteria"
        label="Anything else we should look for or avoid?"
        placeholder="e.g. companies under 500 people, no agencies"
      />
    </div>
  );
}
