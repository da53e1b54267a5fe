/**
 * The team page's WhatsApp greeting (spec 2, section 2): the person's name and e-mail, ending with
 * the spec's exact words.
 */
export const TEAM_MESSAGE_ENDING = "and I'd like to connect with the team for guidance on my job search.";

export function teamGreeting(name: string, email: string): string {
  const who = name.trim() ? `My name is ${name.trim()}, my email is ${email}` : `My email is ${email}`;
  return `Hi! ${who}, ${TEAM_MESSAGE_ENDING}`;
}
