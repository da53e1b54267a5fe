import { describe, expect, it } from 'vitest';
import { notesChangedMeanwhile } from './jobs-api.ts';

describe('notes changed meanwhile', () => {
  it('is so only when the stored notes are neither those begun on nor those being sent', () => {
    expect(notesChangedMeanwhile('Ask about pay', 'Ask about pay', 'Ask about pay and remote')).toBe(false);
    // The same save sent again after its answer was lost.
    expect(notesChangedMeanwhile('Ask about remote', 'Ask', 'Ask about remote')).toBe(false);
    expect(notesChangedMeanwhile(null, null, 'First notes')).toBe(false);
    expect(notesChangedMeanwhile('A colleague wrote this', null, 'First notes')).toBe(true);
    expect(notesChangedMeanwhile(null, 'Cleared elsewhere', 'Mine')).toBe(true);
  });
});
