import { joinCommaList, parseCommaList } from '@app/domain/onboarding-fields';
import { Plus, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Button, focusRing } from '../../../components/ui/Button.tsx';
import { FieldError, FieldHint, FieldLabel, Input } from '../../../components/ui/Field.tsx';
import { type TextFieldName, useFieldError, useWizardForm } from './form-context.ts';

export interface ListFieldProps {
  /** A comma-joined list in the record (job titles, keywords). */
  name: TextFieldName;
  label: ReactNode;
  /** What one entry is called, for the Add and Remove buttons ('job title', 'keyword'). */
  itemName: string;
  placeholder?: string;
  hint?: ReactNode;
  required?: boolean;
  /** Shown beside the input, such as the 'include only whole words' checkbox of keyword lists. */
  aside?: ReactNode;
}

/**
 * Entries added with the Add button or Enter, and when the box is left with one typed in (a title
 * typed before pressing Next is never lost); blank entries are ignored and each one can be removed.
 */
export function ListField({ name, label, itemName, placeholder, hint, required, aside }: ListFieldProps) {
  const { control, setFocus } = useWizardForm();
  const error = useFieldError(name);
  const id = useId();
  const [draft, setDraft] = useState('');
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => {
        const entries = parseCommaList(field.value);
        const add = () => {
          // Typed commas split the draft, as the stored list is comma-joined.
          const added = parseCommaList(draft).filter((entry) => !entries.includes(entry));
          setDraft('');
          if (added.length > 0) field.onChange(joinCommaList([...entries, ...added]));
        };
        const remove = (index: number) => {
          field.onChange(joinCommaList(entries.filter((_, i) => i !== index)));
          // The entry's Remove button leaves with it: focus goes on to the box that adds entries.
          setFocus(name);
        };
        return (
          <div className="space-y-2">
            <FieldLabel htmlFor={id} required={required}>
              {label}
            </FieldLabel>
            {hint && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
            <div className="flex gap-2">
              <Input
                id={id}
                ref={field.ref}
                value={draft}
                placeholder={placeholder}
                aria-describedby={describedBy}
                aria-invalid={error ? true : undefined}
                // Required until the list has an entry: the box itself may then stay empty.
                aria-required={required && entries.length === 0 ? true : undefined}
                onChange={(event) => setDraft(event.target.value)}
                onBlur={() => {
                  add();
                  field.onBlur();
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    add();
                  }
                }}
              />
              <Button variant="secondary" onClick={add} aria-label={`Add ${itemName}`}>
                <Plus className="size-4" aria-hidden="true" />
                Add
              </Button>
            </div>
            {aside}
            {entries.length > 0 && (
              <ul
                className="flex flex-wrap gap-2"
                aria-label={`Added: ${typeof label === 'string' ? label : itemName}`}
              >
                {entries.map((entry, index) => (
                  // An entry without spaces (a long keyword, a URL) wraps inside the chip instead of
                  // widening the page beyond a phone's screen.
                  <li
                    key={entry}
                    className="inline-flex min-w-0 max-w-full items-center gap-1 rounded-full border border-neutral-300 bg-neutral-50 py-1 pr-1 pl-3 text-sm text-neutral-900"
                  >
                    <span className="min-w-0 [overflow-wrap:anywhere]">{entry}</span>
                    <button
                      type="button"
                      onClick={() => remove(index)}
                      aria-label={`Remove ${entry}`}
                      className={`shrink-0 rounded-full p-1 text-neutral-600 hover:bg-neutral-200 hover:text-neutral-900 ${focusRing}`}
                    >
                      <X className="size-3.5" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            )}
            {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
          </div>
        );
      }}
    />
  );
}
