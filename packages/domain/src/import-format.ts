/**
 * What a jobs file may be: its two formats and its size. The import's request schema (jobs-api)
 * needs these without the CSV parser that reading a file (jobs-import) brings, so the client's job
 * pages, which load jobs-api, never download it.
 */
export const IMPORT_FORMATS = ['json', 'csv'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** A file of about five megabytes; larger batches are split by the sender. */
export const IMPORT_MAX_CHARACTERS = 5 * 1024 * 1024;
