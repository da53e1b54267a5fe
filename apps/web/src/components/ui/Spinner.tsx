const sizes = { sm: 'size-4', md: 'size-6', lg: 'size-10' } as const;

export interface SpinnerProps {
  size?: keyof typeof sizes;
  /** Announced to screen readers; null when the surrounding text already says what is loading. */
  label?: string | null;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading...', className = '' }: SpinnerProps) {
  const circle = (
    <svg
      className={`animate-spin ${sizes[size]} ${className}`}
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.25" strokeWidth="4" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
  if (label === null) return circle;
  return (
    <span role="status" className="inline-flex items-center">
      {circle}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * A line saying what is loading, with a small spinner: what a card or pop-up shows until its data is
 * there. As high as a row with a button, so the content that replaces it moves little below it.
 */
export function LoadingLine({ children }: { children: string }) {
  return (
    <p role="status" className="flex min-h-10 items-center gap-2 text-sm text-neutral-600">
      <Spinner size="sm" label={null} />
      {children}
    </p>
  );
}
