import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, type RefObject, useRef } from 'react';
import { focusToType } from '../../lib/focus.ts';
import { focusRing } from './Button.tsx';

export interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons along the bottom edge, such as Cancel and Save. */
  footer?: ReactNode;
  /** Wider dialogs for detail views. */
  size?: 'md' | 'lg';
  /** Where focus goes when the dialog opens (a text box to type in); by default its first control. */
  initialFocus?: RefObject<HTMLElement | null>;
  /**
   * Where focus goes when the dialog closes and the control that opened it can no longer take it (it
   * left with its row, or is disabled now); while the opener can, it has focus back.
   */
  finalFocus?: RefObject<HTMLElement | null>;
  children?: ReactNode;
}

/**
 * A modal dialog: traps focus, closes on Escape, on the close button and on a click outside, and
 * gives focus back to whatever had it when the dialog opened (dialogs here are opened by state, not
 * by a Radix trigger, so Radix alone would leave focus on the page body), or to `finalFocus` when
 * that can no longer take it.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  footer,
  size = 'md',
  initialFocus,
  finalFocus,
  children,
}: DialogProps) {
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-neutral-900/50" />
        <RadixDialog.Content
          className={`fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg border border-neutral-200 bg-white shadow-lg ${size === 'lg' ? 'max-w-3xl' : 'max-w-lg'}`}
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            // Radix moves focus into the dialog right after this; until then it is on the opener.
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            if (initialFocus?.current) {
              event.preventDefault();
              focusToType(initialFocus.current);
            }
          }}
          onCloseAutoFocus={(event) => {
            const from = opener.current;
            opener.current = null;
            // The opener first; finalFocus only when the opener does not take focus (it left with
            // its row, or is disabled now).
            for (const element of [from, finalFocus?.current]) {
              element?.focus();
              if (element && document.activeElement === element) {
                event.preventDefault();
                return;
              }
            }
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-neutral-200 p-4">
            {/* A long unbroken word (a file name) wraps rather than pushing Close off a narrow screen. */}
            <div className="min-w-0 [overflow-wrap:anywhere]">
              <RadixDialog.Title className="text-lg font-semibold text-neutral-900">
                {title}
              </RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-neutral-600">
                  {description}
                </RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              className={`shrink-0 rounded-md p-1 text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900 ${focusRing}`}
              aria-label="Close"
            >
              <X className="size-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {children && <div className="overflow-y-auto p-4">{children}</div>}
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-neutral-200 p-4">{footer}</div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
