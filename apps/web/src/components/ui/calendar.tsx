import type { CSSProperties } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';

const BRAND_ACCENTS = {
  '--rdp-accent-color': 'var(--color-brand)',
  '--rdp-accent-background-color': 'var(--color-neutral-100)',
} as CSSProperties;

export interface CalendarProps {
  selected: Date | undefined;
  onSelect(day: Date | undefined): void;
  /** With both bounds the caption becomes month and year dropdowns, for days far from today. */
  startMonth?: Date;
  endMonth?: Date;
}

/**
 * One day picked from a month: weeks start on Sunday and there are always six of them, so the
 * popover around it keeps its size from month to month. Loaded on first use (see date-picker.tsx).
 * The brand's colours are set on the calendar itself: its stylesheet gives its root element its own
 * accent colours, which would hide any set around it (and, loaded later, win over a class).
 */
export function Calendar({ selected, onSelect, startMonth, endMonth }: CalendarProps) {
  return (
    <DayPicker
      mode="single"
      selected={selected}
      onSelect={onSelect}
      defaultMonth={selected}
      captionLayout={startMonth && endMonth ? 'dropdown' : 'label'}
      startMonth={startMonth}
      endMonth={endMonth}
      weekStartsOn={0}
      fixedWeeks
      autoFocus
      style={BRAND_ACCENTS}
    />
  );
}
