import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_LISTED_ERRORS, parseCsv, parseJobsFile } from './jobs-import.ts';

describe('parseCsv', () => {
  it.each<[string, string[][]]>([
    [
      'a,b\n1,2\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\r\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      '\uFEFFa,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\n"x, y","say ""hi"""',
      [
        ['a', 'b'],
        ['x, y', 'say "hi"'],
      ],
    ],
    [
      'a,b\n"line one\nline two\r\nline three",2',
      [
        ['a', 'b'],
        ['line one\nline two\r\nline three', '2'],
      ],
    ],
    [
      'a,b\n,\n""," "',
      [
        ['a', 'b'],
        ['', ''],
        ['', ' '],
      ],
    ],
    [
      'a,b\n\n1,2\n\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'a,b\n1,',
      [
        ['a', 'b'],
        ['1', ''],
      ],
    ],
    ['', []],
  ])('%j', (input, records) => {
    expect(parseCsv(input)).toEqual({ ok: true, records });
  });

  it.each([
    ['a,b\n1,"open', 1, 'has a quoted value that is never closed'],
    ['a,b\n1,2\nx"y",3', 2, 'has a quote inside a value that does not start with one'],
    ['a,b\n"x"y,2', 1, 'has text after the closing quote of a value'],
  ])('rejects %j at row %i', (input, row, message) => {
    expect(parseCsv(input)).toEqual({ ok: false, error: { row, field: null, message } });
  });
});

describe('parseJobsFile (CSV)', () => {
  it('reads typed values, blanks and booleans in every spelling; a blank applied cell is left out', () => {
    const csv = [
      'job_uid,data_job_title,max_salary,data_num_applicants,refresh_date,data_posted,is_remote,is_hybrid,is_onsite,us_based,applied_for_job,url',
      'j1,"Engineer, Platform","$120,000",45,2024-11-03,2024-10-30T09:30:00+02:00,true,no,1,YES,0,https://jobs.example.com/1',
      'j2,,,,,,false,yes,0,,,',
    ].join('\n');
    const result = parseJobsFile(csv, 'csv');
    expect(result).toStrictEqual({
      ok: true,
      jobs: [
        {
          job_uid: 'j1',
          data_job_title: 'Engineer, Platform',
          max_salary: 120000,
          data_num_applicants: 45,
          refresh_date: '2024-11-03',
          data_posted: '2024-10-30T07:30:00.000Z',
          is_remote: true,
          is_hybrid: false,
          is_onsite: true,
          us_based: true,
          applied_for_job: false,
          url: 'https://jobs.example.com/1',
        },
        {
          job_uid: 'j2',
          data_job_title: null,
          max_salary: null,
          data_num_applicants: null,
          refresh_date: null,
          data_posted: null,
          is_remote: false,
          is_hybrid: true,
          is_onsite: false,
          us_based: false,
          // The team's own work is kept when its cell is blank, as if the column were not there.
          url: null,
        },
      ],
    });
  });

  it('names the row and field of every problem, across all rows', () => {
    const csv = [
      'job_uid,refresh_date,is_remote,max_salary,url,client_approval,Color',
      'j1,2024-02-30,maybe,lots,javascript:alert(1),rejected,blue',
      ',2024-11-03,true,100,https://ok.example,,',
      'j1,11/03/2024,true,-5,ftp://x.example,,',
      'j4,2024-11-03,true',
    ].join('\n');
    const result = parseJobsFile(csv, 'csv');
    const dateMessage = 'must be a date such as 2024-11-03, or a date and time such as 2024-11-03T09:30:00Z';
    expect(result).toEqual({
      ok: false,
      errorCount: 12,
      errors: [
        { row: 0, field: 'client_approval', message: 'is not a known column' },
        { row: 0, field: 'color', message: 'is not a known column' },
        { row: 1, field: 'refresh_date', message: dateMessage },
        { row: 1, field: 'max_salary', message: 'must be a number such as 120000' },
        { row: 1, field: 'url', message: 'must be an http or https address' },
        { row: 1, field: 'is_remote', message: 'must be true, false, yes, no, 1 or 0' },
        { row: 2, field: 'job_uid', message: 'is required' },
        { row: 3, field: 'refresh_date', message: dateMessage },
        { row: 3, field: 'max_salary', message: 'must not be negative' },
        { row: 3, field: 'url', message: 'must be an http or https address' },
        { row: 3, field: 'job_uid', message: 'repeats the job_uid of row 1' },
        // Missing values at the end of a short row read as blanks.
        { row: 4, field: null, message: 'has 3 values but the header has 7 columns' },
      ],
    });
  });

  it('needs a job_uid column, a header and at least one job', () => {
    expect(parseJobsFile('data_job_title\nEngineer', 'csv')).toMatchObject({
      ok: false,
      errors: [
        { row: 0, field: 'job_uid', message: 'column is required' },
        { row: 1, field: 'job_uid', message: 'is required' },
      ],
    });
    expect(parseJobsFile('', 'csv')).toEqual({
      ok: false,
      errorCount: 1,
      errors: [{ row: 0, field: null, message: 'The file is empty' }],
    });
    expect(parseJobsFile('job_uid\n', 'csv')).toEqual({
      ok: false,
      errorCount: 1,
      errors: [{ row: 0, field: null, message: 'The file has no jobs' }],
    });
  });

  it('lists at most a few hundred problems but counts them all', () => {
    const csv = ['job_uid,max_salary', ...Array.from({ length: 500 }, (_, i) => `j${i},x`)].join('\n');
    const result = parseJobsFile(csv, 'csv');
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errorCount).toBe(500);
    expect(result.errors).toHaveLength(IMPORT_MAX_LISTED_ERRORS);
    expect(result.errors[0]).toEqual({
      row: 1,
      field: 'max_salary',
      message: 'must be a number such as 120000',
    });
  });
});

describe('parseJobsFile (JSON)', () => {
  it('takes an array of objects with typed or text values, leaving out absent fields', () => {
    const json = JSON.stringify([
      {
        job_uid: 101,
        is_remote: 'yes',
        max_salary: 95000,
        analyst_notes: '  Strong match  ',
        data_posted: null,
      },
      { job_uid: 'j2', applied_for_job: true, is_startup: 1, analyst_notes: null },
    ]);
    // Strictly: a null analyst_notes is left out, not kept as undefined (which would clear the notes).
    expect(parseJobsFile(json, 'json')).toStrictEqual({
      ok: true,
      jobs: [
        {
          job_uid: '101',
          is_remote: true,
          max_salary: 95000,
          analyst_notes: 'Strong match',
          data_posted: null,
        },
        { job_uid: 'j2', applied_for_job: true, is_startup: true },
      ],
    });
  });

  it.each([
    ['{"job_uid": "x"}', [{ row: 0, field: null, message: 'The file must be a JSON array of jobs' }]],
    ['[]', [{ row: 0, field: null, message: 'The file has no jobs' }]],
    [
      '[{"job_uid": "a", "client_notes": "mine", "is_remote": "sometimes"}, 7, {"job_uid": ["b"]}]',
      [
        { row: 1, field: 'is_remote', message: 'must be true, false, yes, no, 1 or 0' },
        { row: 1, field: 'client_notes', message: 'is not a known column' },
        { row: 2, field: null, message: 'must be an object' },
        { row: 3, field: 'job_uid', message: 'is required' },
      ],
    ],
  ])('%s', (content, errors) => {
    expect(parseJobsFile(content, 'json')).toEqual({ ok: false, errorCount: errors.length, errors });
  });

  it('reports JSON that does not parse', () => {
    const result = parseJobsFile('[{"job_uid": "a",]', 'json');
    expect(result).toMatchObject({ ok: false, errors: [{ row: 0, field: null }] });
    if (!result.ok) expect(result.errors[0]!.message).toMatch(/^The file is not valid JSON: /);
  });
});
