import { describe, expect, it } from 'vitest';
import { checkImportFile, importFormatOf } from './job-import-file.ts';

describe('the jobs file staff import', () => {
  it('takes its format from the file name', () => {
    expect(importFormatOf('Jobs.CSV')).toBe('csv');
    expect(importFormatOf('jobs.export.json')).toBe('json');
    expect(importFormatOf('jobs.xlsx')).toBeNull();
    expect(importFormatOf('jobs')).toBeNull();
  });

  it('passes a valid CSV', () => {
    const csv = 'job_uid,data_job_title,data_company\nj-1,Data Engineer,Acme\n';
    expect(checkImportFile(csv, 'csv')).toEqual({ ok: true });
  });

  it('names the row and field of every problem before anything is sent', () => {
    const csv = 'job_uid,data_job_title,max_salary,colour\nj-1,Data Engineer,lots,red\n,Analyst,,blue\n';
    const check = checkImportFile(csv, 'csv');
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.summary).toMatch(/^Nothing was imported: the file has \d+ problems\.$/);
    expect(check.problems[0]).toBe('File, colour: is not a known column');
    expect(check.problems.some((problem) => problem.startsWith('Row 1, max_salary: '))).toBe(true);
    expect(check.problems.some((problem) => problem.startsWith('Row 2, job_uid: '))).toBe(true);
  });

  it('explains a file that is not JSON at all', () => {
    const check = checkImportFile('{not json', 'json');
    expect(check).toMatchObject({ ok: false, summary: 'Nothing was imported: the file has 1 problem.' });
  });
});
