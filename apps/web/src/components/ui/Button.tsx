import { Slot } from 'radix-ui';
import type { ComponentProps, MouseEvent } from 'react';
import { Spinner } from './Spinner.tsx';

const variants = {
  primary: 'bg-brand text-white hover:brightness-110 disabled:brightness-100 aria-disabled:brightness-100',
  secondary: 'border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-50',
  ghost: 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900',
  /** A quiet button that removes something. */
  'ghost-danger': 'text-red-700 hover:bg-red-50',
  danger: 'bg-red-700 text-white hover:bg-red-800',
} as const;

const sizes = {
  // On a touch screen a small button is still a 40 px target for a finger.
  sm: 'h-8 px-3 text-sm pointer-coarse:h-10',
  // A small button whose label may be long (a file or company name): it wraps at any character and
  // grows taller instead of spilling out or pushing a phone's page sideways.
  'sm-wrap': 'min-h-8 max-w-full px-3 py-1 text-left text-sm wrap-anywhere pointer-coarse:min-h-10',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
} as const;

export const focusRing = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /**
   * Shows a spinner and ignores clicks; the label should say what is happening ('Saving...'). The
   * button is `aria-disabled`, not disabled: a disabled button would drop keyboard focus to the page.
   * A button given `aria-disabled` ignores clicks the same way, while staying reachable and saying
   * (through its description) why it waits.
   */
  busy?: boolean;
  /**
   * Called, instead of `onClick`, for a click on the button while `aria-disabled` holds it (not while
   * it is busy): a press that does nothing at all leaves the person guessing, so a held button can
   * show what it waits for (the wizard marks the fields to fix and focuses the first).
   */
  onHeldClick?(event: MouseEvent<HTMLButtonElement>): void;
  /** Renders the single child (a link, say) with the button's look instead of a <button>. */
  asChild?: boolean;
}

export function buttonClasses(variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md') {
  return `inline-flex items-center justify-center gap-2 rounded-md font-medium transition select-none disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60 ${focusRing} ${variants[variant]} ${sizes[size]}`;
}

export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  asChild = false,
  className = '',
  onClick,
  onHeldClick,
  'aria-disabled': ariaDisabled,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  const classes = `${buttonClasses(variant, size)} ${className}`;
  const held = busy || ariaDisabled === true || ariaDisabled === 'true';
  if (asChild) {
    return (
      <Slot.Root className={classes} onClick={onClick} aria-disabled={ariaDisabled} {...props}>
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      type={type}
      className={classes}
      aria-disabled={busy || ariaDisabled}
      aria-busy={busy || undefined}
      onClick={(event) => {
        // A held submit button must not send its form either (Enter in a field clicks it).
        if (held) {
          event.preventDefault();
          // A busy button's label already says what is happening.
          if (!busy) onHeldClick?.(event);
        } else onClick?.(event);
      }}
      {...props}
    >
      {busy && <Spinner size="sm" label={null} />}
      {children}
    </button>
  );
}
