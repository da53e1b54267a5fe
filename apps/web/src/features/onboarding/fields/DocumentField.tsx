import { ACCEPTED_DOCUMENT_EXTENSIONS, checkDocumentFile } from '@app/domain/document-upload';
import { displayFileName } from '@app/domain/profile-display';
import { CircleAlert, CircleCheck, FileText, RefreshCw, Trash2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { focusRing } from '../../../components/ui/Button.tsx';
import { FieldHint, FieldLabel } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useOnboardingAccount } from '../account-context.tsx';
import { notify } from '../notify.ts';
import { type UploadFolder, uploadDocument } from '../upload-document.ts';
import { type TextFieldName, useFieldError, useWizardForm } from './form-context.ts';

const UPLOAD_FAILED_DESCRIPTION = 'Failed to upload file. Please try again.';

type UploadState =
  | { kind: 'idle' }
  | { kind: 'uploading'; percent: number }
  | { kind: 'success' }
  | { kind: 'error'; message: string };

export interface DocumentFieldProps {
  /** Holds the uploaded file's URL; removing the file clears it. */
  name: Extract<TextFieldName, 'resume' | 'coverLetter'>;
  label: string;
  folder: UploadFolder;
  required?: boolean;
}

/** A resume or cover-letter upload: idle, uploading (with progress), success or error. */
export function DocumentField({ name, label, folder, required }: DocumentFieldProps) {
  const { watch, setValue } = useWizardForm();
  const { accessToken } = useOnboardingAccount();
  const fieldError = useFieldError(name);
  const [state, setState] = useState<UploadState>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const stored = watch(name);

  const store = (url: string) =>
    setValue(name, url, { shouldDirty: true, shouldTouch: true, shouldValidate: true });

  const onChoose = async (file: File | undefined) => {
    if (!file) return;
    const refusal = checkDocumentFile(file);
    // Clear the selection either way: a refused file is not kept, and the same file can be chosen again.
    if (input.current) input.current.value = '';
    if (refusal) {
      setState({ kind: 'error', message: refusal });
      return;
    }
    setState({ kind: 'uploading', percent: 0 });
    const outcome = await uploadDocument({
      file,
      folder,
      accessToken,
      onProgress: (percent) => setState({ kind: 'uploading', percent }),
    });
    if (outcome.ok) {
      store(outcome.document.url);
      setState({ kind: 'success' });
      notify.success('Upload Complete', { description: 'File uploaded successfully' });
    } else {
      setState({ kind: 'error', message: outcome.message });
      notify.error('Upload Failed', {
        description: outcome.explains ? outcome.message : UPLOAD_FAILED_DESCRIPTION,
      });
    }
  };

  const onRemove = () => {
    store('');
    setState({ kind: 'idle' });
    // The chooser comes back in place of the file; keep the keyboard there.
    requestAnimationFrame(() => input.current?.focus());
  };

  const uploading = state.kind === 'uploading';
  const hintId = `${id}-hint`;
  return (
    <div className="space-y-2">
      <FieldLabel htmlFor={id} required={required}>
        {label}
      </FieldLabel>
      <FieldHint id={hintId}>PDF, DOCX or DOC, up to 5 MB.</FieldHint>
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPTED_DOCUMENT_EXTENSIONS.join(',')}
        disabled={uploading}
        aria-describedby={hintId}
        aria-invalid={fieldError ? true : undefined}
        onChange={(event) => void onChoose(event.target.files?.[0])}
        // With a file stored, the chooser hides behind the Replace button below.
        tabIndex={stored ? -1 : undefined}
        className={
          stored
            ? 'sr-only'
            : `block w-full rounded-md border border-dashed border-neutral-300 bg-white p-2 text-sm text-neutral-700 file:mr-3 file:rounded-md file:border-0 file:bg-neutral-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-neutral-900 hover:file:bg-neutral-200 disabled:opacity-60 ${focusRing}`
        }
      />
      <div aria-live="polite" className="min-h-6 text-sm">
        {state.kind === 'uploading' && (
          <div className="space-y-1">
            <p className="flex items-center gap-2 text-neutral-700">
              <Spinner size="sm" label={null} />
              Uploading... {state.percent}%
            </p>
            <div className="h-1.5 w-full overflow-hidden rounded-full bg-neutral-200" aria-hidden="true">
              <div className="h-full bg-brand transition-[width]" style={{ width: `${state.percent}%` }} />
            </div>
          </div>
        )}
        {state.kind === 'success' && (
          <p className="flex items-center gap-2 text-green-700">
            <CircleCheck className="size-4" aria-hidden="true" />
            File uploaded successfully
          </p>
        )}
        {state.kind === 'error' && (
          <p className="flex items-center gap-2 text-red-700">
            <CircleAlert className="size-4" aria-hidden="true" />
            {state.message}
          </p>
        )}
      </div>
      {stored && (
        <div className="flex items-center justify-between gap-2 rounded-md border border-neutral-200 bg-neutral-50 px-3 py-2 text-sm">
          <span className="flex min-w-0 items-center gap-2 text-neutral-900">
            <FileText className="size-4 shrink-0 text-neutral-600" aria-hidden="true" />
            <span className="truncate">{displayFileName(stored)}</span>
          </span>
          <span className="flex shrink-0 gap-1">
            <button
              type="button"
              onClick={() => input.current?.click()}
              disabled={uploading}
              className={`inline-flex items-center gap-1 rounded-md px-2 py-1 text-neutral-800 hover:bg-neutral-200 disabled:opacity-60 ${focusRing}`}
            >
              <RefreshCw className="size-4" aria-hidden="true" />
              Replace <span className="sr-only">{label.toLowerCase()}</span>
            </button>
            <button
              type="button"
              onClick={onRemove}
              disabled={uploading}
              className={`inline-flex items-center gap-1 rounded-md px-2 py-1 text-red-700 hover:bg-red-50 disabled:opacity-60 ${focusRing}`}
            >
              <Trash2 className="size-4" aria-hidden="true" />
              Remove <span className="sr-only">{label.toLowerCase()}</span>
            </button>
          </span>
        </div>
      )}
    </div>
  );
}
