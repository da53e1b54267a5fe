import { describe, expect, it } from 'vitest';
import { feedbackProblem } from './feedback.ts';

describe('onboarding feedback', () => {
  it('may be sent once trimmed it is neither blank nor over 5,000 characters', () => {
    expect(feedbackProblem('  Smooth and quick.  ')).toBeNull();
    expect(feedbackProblem(` ${'x'.repeat(5000)} `)).toBeNull();
    expect(feedbackProblem(' \n ')).toBe('Please write your feedback before sending it');
    expect(feedbackProblem('x'.repeat(5001))).toBe('Feedback must be at most 5000 characters');
  });
});
