/** A cell starting with one of these is a formula to a spreadsheet (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Text a spreadsheet shows as text: a leading apostrophe keeps a would-be formula inert. Every CSV
 * the product writes (the client's jobs, the activity log) passes its cells through this.
 */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
