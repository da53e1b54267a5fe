import { ACCEPTED_DOCUMENT_EXTENSIONS, checkDocumentFile } from '@app/domain/document-upload';
import { displayFileName } from '@app/domain/profile-display';
import { useMutation } from '@tanstack/react-query';
import { CircleCheck, FileText, RefreshCw, Trash2, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button, focusRing } from '../../../components/ui/Button.tsx';
import { FieldError, FieldHint, FieldLabel } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useOnboardingAccount } from '../account-context.tsx';
import {
  DOCUMENT_UPLOAD_KEY,
  UploadCancelled,
  UploadError,
  type UploadFolder,
  uploadDocument,
} from '../upload-document.ts';
import { type TextFieldName, useFieldError, useWizardForm } from './form-context.ts';

const UPLOAD_FAILED_DESCRIPTION = 'Failed to upload file. Please try again.';

export interface DocumentFieldProps {
  /** Holds the uploaded file's URL; removing the file clears it. */
  name: Extract<TextFieldName, 'resume' | 'cover_letter'>;
  label: string;
  folder: UploadFolder;
  required?: boolean;
}

/** A resume or cover-letter upload: idle, uploading (with progress), success or error. */
export function DocumentField({ name, label, folder, required }: DocumentFieldProps) {
  const { watch, setValue } = useWizardForm();
  const { accessToken } = useOnboardingAccount();
  const fieldError = useFieldError(name);
  const [percent, setPercent] = useState(0);
  /** Why the file last chosen was not sent (too big, wrong type): the field's error until the next. */
  const [refusal, setRefusal] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const replaceButton = useRef<HTMLButtonElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const field = useRef<HTMLDivElement>(null);
  /**
   * Where the keyboard goes as an upload starts or ends: the chooser and Replace are disabled while a
   * file uploads and Cancel goes when it ends, and a focused control that is disabled or removed drops
   * the focus to the page. 'cancel' when the upload was started from this field, 'chooser' when
   * Cancel had the focus as the upload ended (or was pressed); null when the focus is elsewhere, and
   * stays there.
   */
  const moveFocus = useRef<'cancel' | 'chooser' | null>(null);
  /** Cancels the upload under way. */
  const cancel = useRef<AbortController | null>(null);
  // A file still on its way as the field goes (the person left the wizard) is stopped: it would land
  // in no form, and count against their storage.
  useEffect(() => () => cancel.current?.abort(), []);
  const id = useId();
  const stored = watch(name);

  const store = (url: string) =>
    setValue(name, url, { shouldDirty: true, shouldTouch: true, shouldValidate: true });

  const upload = useMutation({
    mutationKey: [...DOCUMENT_UPLOAD_KEY, name],
    mutationFn: async (file: File) => {
      setPercent(0);
      cancel.current = new AbortController();
      return uploadDocument({
        file,
        folder,
        accessToken,
        onProgress: setPercent,
        signal: cancel.current.signal,
      });
    },
    onSuccess: (document) => {
      store(document.url);
      toast.success('Upload Complete', { description: 'File uploaded successfully' });
    },
    onError: (error) => {
      if (error instanceof UploadCancelled) return;
      const explains = error instanceof UploadError && error.explains;
      toast.error('Upload Failed', { description: explains ? error.message : UPLOAD_FAILED_DESCRIPTION });
    },
    // Runs before the upload's end is rendered, so while Cancel is still there to have the focus.
    onSettled: () => {
      if (cancelButton.current && document.activeElement === cancelButton.current) {
        moveFocus.current = 'chooser';
      } else if (moveFocus.current === 'cancel') {
        // An upload that ended before its start was shown leaves the focus where it is.
        moveFocus.current = null;
      }
    },
  });

  const onChoose = (file: File | undefined) => {
    if (!file) return;
    // Clear the selection either way: a refused file is not kept, and the same file can be chosen again.
    if (input.current) input.current.value = '';
    const refused = checkDocumentFile(file);
    setRefusal(refused);
    if (refused) {
      // Said as the field's error, in place of how the last upload went; nothing is disabled.
      upload.reset();
      return;
    }
    // The chooser (or Replace, which opened it) is about to be disabled: Cancel takes its place. The
    // focus may also be on the page, which a browser can move it to while its file picker is open.
    const active = document.activeElement;
    if (!active || active === document.body || field.current?.contains(active)) moveFocus.current = 'cancel';
    upload.mutate(file);
  };

  const onRemove = () => {
    store('');
    upload.reset();
    setRefusal(null);
    // The chooser comes back in place of the file; keep the keyboard there.
    requestAnimationFrame(() => input.current?.focus());
  };

  const onCancel = () => {
    // The Cancel button goes with the upload (clicked, it may not have the focus: Safari).
    moveFocus.current = 'chooser';
    cancel.current?.abort();
  };

  const uploading = upload.isPending;
  useEffect(() => {
    const target = moveFocus.current;
    moveFocus.current = null;
    if (uploading && target === 'cancel') {
      cancelButton.current?.focus();
    } else if (!uploading && target === 'chooser') {
      // Cancel is gone: to Replace when a file is stored (the new one, or the one kept after a
      // failure or a cancel), else to the chooser, enabled again. A frame later, once the stored
      // file has rendered.
      requestAnimationFrame(() => (replaceButton.current ?? input.current)?.focus());
    }
  }, [uploading]);
  const hintId = `${id}-hint`;
  // The step's rule for this field (a required resume not uploaded): said under it, as for any field,
  // until a file is on its way. A refused file's reason comes first, and is also announced (below).
  const ruleError = refusal || stored || uploading ? undefined : fieldError;
  const shownError = refusal ?? ruleError;
  const errorId = `${id}-error`;
  const describedBy = shownError ? `${hintId} ${errorId}` : hintId;
  return (
    // min-w-0: inside a grid column a long file name must not widen the column.
    <div ref={field} className="min-w-0 space-y-2">
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
        aria-describedby={describedBy}
        aria-invalid={shownError ? true : undefined}
        // Required until a file is stored: choosing another one is then a choice.
        required={required && !stored}
        onChange={(event) => onChoose(event.target.files?.[0])}
        // With a file stored, the chooser hides behind the Replace button below.
        tabIndex={stored ? -1 : undefined}
        className={
          stored
            ? 'sr-only'
            : `block w-full rounded-md border border-dashed border-neutral-300 bg-white p-2 text-sm text-neutral-700 file:mr-3 file:rounded-md file:border-0 file:bg-neutral-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-neutral-900 hover:file:bg-neutral-200 disabled:opacity-60 ${focusRing}`
        }
      />
      {ruleError && <FieldError id={errorId}>{ruleError}</FieldError>}
      <div className="min-h-6 text-sm">
        {/*
          Says that a file was refused, that an upload started and how it ended, and nothing in
          between: the percent is the progress bar's, which a screen reader reads when asked rather
          than at every step.
        */}
        <div aria-live="polite">
          {refusal && (
            <FieldError id={errorId} icon>
              {refusal}
            </FieldError>
          )}
          {uploading && <p className="sr-only">Uploading...</p>}
          {upload.isSuccess && (
            <p className="flex items-center gap-2 text-green-700">
              <CircleCheck className="size-4" aria-hidden="true" />
              File uploaded successfully
            </p>
          )}
          {upload.isError &&
            (upload.error instanceof UploadCancelled ? (
              <p className="text-neutral-700">{upload.error.message}</p>
            ) : (
              <FieldError icon>{upload.error.message}</FieldError>
            ))}
        </div>
        {uploading && (
          <div className="space-y-1">
            <div className="flex items-center justify-between gap-2">
              {/* Seen, not heard: the live region says 'Uploading...' once, the progress bar the percent. */}
              <p aria-hidden="true" className="flex items-center gap-2 text-neutral-700">
                <Spinner size="sm" label={null} />
                Uploading... {percent}%
              </p>
              <Button ref={cancelButton} variant="ghost" size="sm" onClick={onCancel}>
                <X className="size-4" aria-hidden="true" />
                Cancel <span className="sr-only">{label.toLowerCase()} upload</span>
              </Button>
            </div>
            <div
              role="progressbar"
              aria-label={`${label} upload`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1.5 w-full overflow-hidden rounded-full bg-neutral-200"
            >
              <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
            </div>
          </div>
        )}
      </div>
      {stored && (
        <div className="space-y-1 rounded-md border border-neutral-200 bg-neutral-50 px-3 py-2 text-sm">
          {/* The whole name, wrapped wherever it must, so its end and extension are always read. */}
          <p className="flex items-start gap-2 text-neutral-900">
            <FileText className="mt-0.5 size-4 shrink-0 text-neutral-600" aria-hidden="true" />
            <span className="min-w-0 [overflow-wrap:anywhere]">{displayFileName(stored)}</span>
          </p>
          <span className="flex justify-end gap-2">
            <Button
              ref={replaceButton}
              variant="ghost"
              size="sm"
              onClick={() => input.current?.click()}
              disabled={uploading}
              // The chooser hides behind Replace: a refused file's reason is Replace's to say too.
              aria-describedby={refusal ? errorId : undefined}
            >
              <RefreshCw className="size-4" aria-hidden="true" />
              Replace <span className="sr-only">{label.toLowerCase()}</span>
            </Button>
            <Button variant="ghost-danger" size="sm" onClick={onRemove} disabled={uploading}>
              <Trash2 className="size-4" aria-hidden="true" />
              Remove <span className="sr-only">{label.toLowerCase()}</span>
            </Button>
          </span>
        </div>
      )}
    </div>
  );
}
