/**
 * Puts the slashes of MM/DD/YYYY into a date as it is typed, the way the phone number gets its
 * brackets and hyphen (formatPhoneInput): a phone's numeric keypad, which the date field asks for
 * with inputMode="numeric", has no '/', so without this a date could not be typed there at all.
 *
 * Only text of digits and slashes is touched: a slash goes in before the digit that starts the day
 * and the year, never after the last digit, so backspace removes a slash like any character
 * instead of meeting one that comes back. Slashes typed where they belong are kept ('1/2/1990'),
 * stray ones dropped, and a year whose slashes are put in here stops at four digits. Anything else
 * ('1990-01-02', 'Jan 2') is left as it is, for the field's rule to judge. What is sent to the
 * server is the stored YYYY-MM-DD, never this text, so its rules do not change.
 *
 * Once the month and the day both end in a slash (typed, or put in here), the text is left as it
 * is too: a digit typed into the middle ('01/023/1990', or a fifth one in the year) is the
 * person's to see and correct, where putting in the slashes again would move digits across them
 * and silently change the year ('01/02/3199'); the field's rule says what is wrong.
 */
export function formatDateInput(typed: string): string {
  if (!/^[\d/]*$/.test(typed) || /^\d+\/\d+\/\d*$/.test(typed)) return typed;
  let text = '';
  /** 0 month, 1 day, 2 year. */
  let part = 0;
  let digits = 0;
  for (const char of typed) {
    if (char === '/') {
      // Ends the month or the day, once it has a digit; any other slash is one too many.
      if (part < 2 && digits > 0) {
        text += '/';
        part += 1;
        digits = 0;
      }
      continue;
    }
    if (part < 2 && digits === 2) {
      text += '/';
      part += 1;
      digits = 0;
    }
    if (part === 2 && digits === 4) continue;
    text += char;
    digits += 1;
  }
  return text;
}
