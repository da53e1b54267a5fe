/**
 * A page to go to after signing in (`redirect_to`), for the server's redirect and the browser's
 * alike: a path here, never `//host`, a backslash or a control character, and nothing a browser
 * would resolve to another origin.
 */
export function isSameSitePath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused here.
  if (/[\u0000-\u001f\\]/.test(path)) return false;
  return new URL(path, 'http://site.invalid').origin === 'http://site.invalid';
}
