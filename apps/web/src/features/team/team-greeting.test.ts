import { describe, expect, it } from 'vitest';
import { TEAM_MESSAGE_ENDING, teamGreeting } from './team-greeting.ts';

describe('the team page message', () => {
  it('carries the name and e-mail and ends with the spec words', () => {
    const message = teamGreeting('Ada Lovelace', 'ada@example.com');
    expect(message).toBe(
      "Hi! My name is Ada Lovelace, my email is ada@example.com, and I'd like to connect with the team for guidance on my job search.",
    );
    expect(message.endsWith(TEAM_MESSAGE_ENDING)).toBe(true);
  });

  it('still reads well without a name', () => {
    expect(teamGreeting('  ', 'ada@example.com')).toBe(
      "Hi! My email is ada@example.com, and I'd like to connect with the team for guidance on my job search.",
    );
  });
});
