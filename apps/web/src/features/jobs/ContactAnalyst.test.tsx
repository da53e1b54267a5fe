import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ContactAnalyst } from './ContactAnalyst.tsx';

describe('Contact Your Analyst', () => {
  it('breaks a long e-mail address anywhere rather than overflowing a phone screen', () => {
    const email = 'jane.doe.senior.content.strategist@extremely-long-domain-name.example.com';
    render(<ContactAnalyst email={email} />);
    // jsdom has no layout: what the browser needs to wrap it is on the address itself.
    expect(screen.getByText(email)).toHaveClass('max-w-full', 'break-all');
  });
});
