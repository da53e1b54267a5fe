/**
 * What the jobs journeys start from: a client with a finished onboarding and jobs assigned by staff
 * through the staff API, and the staff member's own API access (a worker-wide `staff` fixture) for
 * changing them mid-journey.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from '@playwright/test';
import { format } from 'date-fns';
import type { JobListItem } from '../packages/domain/src/jobs.ts';
import { jobListItems } from '../packages/domain/src/jobs-api.ts';
import { accessToken, seedCompleteProfile, signInAsNewClient } from './client-area-seed.ts';
import { expect, test as journeyTest, signInAsStaff } from './fixtures.ts';

export const JOURNEY_JOB_COUNT = 300;

/** A job whose analyst note holds a link and markup that must stay text. */
export const LINKED_NOTE_TITLE = 'Security Engineer (linked note)';
export const LINKED_NOTE_URL = 'https://example.com/jobs/security-engineer';
export const MARKUP = '<img src=x onerror=alert(1)>';
/** A job with every detail filled, for the details pop-up. */
/** What the notes dialog says when it opens on text typed before and not saved. */
export const UNSAVED_NOTES_BACK =
  'Your unsaved changes are back. Save Notes keeps them; Cancel discards them.';

export const DETAILED_TITLE = 'Staff Platform Engineer (detailed)';
export const DETAILED_DESCRIPTION =
  'Build the platform our teams ship on.\n\nYou will own the deploy pipeline.';

const ROLES = ['Backend Engineer', 'Data Analyst', 'Product Manager', 'Designer', 'Support Lead'];
const COMPANIES = ['Northwind', 'Contoso', 'Fabrikam', 'Litware', 'Adatum', 'Proseware', 'Relecloud'];
const PLACES: [string | null, string | null, string | null][] = [
  ['New York', 'NY', 'United States'],
  ['Austin', 'TX', 'United States'],
  ['Toronto', 'ON', 'Canada'],
  ['Berlin', null, 'Germany'],
  [null, null, null],
];

const day = (today: Date, daysAgo: number) =>
  new Date(today.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/**
 * 300 jobs with varied dates (refreshed 1 to 50 days ago, some never), applied flags, salaries,
 * places, links and notes. Two special jobs are refreshed today, so they open the default order.
 */
export function journeyJobs(today = new Date()): Record<string, unknown>[] {
  const jobs: Record<string, unknown>[] = [];
  for (let index = 1; index <= JOURNEY_JOB_COUNT - 2; index += 1) {
    const [city, state, country] = PLACES[index % PLACES.length]!;
    const refreshedAgo = 1 + (index % 50);
    jobs.push({
      job_uid: `journey-${index}`,
      data_job_title: `${ROLES[index % ROLES.length]} ${index}`,
      data_company: COMPANIES[index % COMPANIES.length],
      data_company_url: `https://${COMPANIES[index % COMPANIES.length]!.toLowerCase()}.example.com`,
      data_external_application_link: index % 6 === 0 ? null : `https://apply.example.com/${index}`,
      refresh_date: index % 25 === 0 ? null : day(today, refreshedAgo),
      data_posted: index % 10 === 0 ? null : day(today, refreshedAgo + (index % 7)),
      applied_for_job: index % 3 === 0,
      analyst_notes: index % 4 === 0 ? `Analyst note ${index}` : null,
      max_salary: index % 5 === 0 ? null : 80_000 + ((index * 1000) % 120_000),
      data_location_city: city,
      data_location_state: state,
      data_location_country: country,
      data_num_applicants: index % 9 === 0 ? null : index * 3,
    });
  }
  jobs.push({
    job_uid: 'journey-linked-note',
    data_job_title: LINKED_NOTE_TITLE,
    data_company: 'Tailspin',
    refresh_date: day(today, 0),
    data_posted: day(today, 0),
    applied_for_job: false,
    analyst_notes: `Read this first: ${LINKED_NOTE_URL}. ${MARKUP}`,
  });
  jobs.push({
    job_uid: 'journey-detailed',
    data_job_title: DETAILED_TITLE,
    data_company: 'Woodgrove',
    data_company_url: 'https://woodgrove.example.com',
    data_external_application_link: 'https://woodgrove.example.com/careers/platform',
    data_job_description: DETAILED_DESCRIPTION,
    refresh_date: day(today, 0),
    data_posted: '2024-11-03',
    applied_for_job: true,
    max_salary: 185_000,
    data_location_city: 'Seattle',
    data_location_state: 'WA',
    data_location_country: 'United States',
    data_num_applicants: 1234,
    seniority_level: 'Senior level',
    job_time_type: 'Full-time',
    job_family: 'Engineering',
    industry: 'Banking',
    remote_hybrid_onsite: 'Hybrid',
    is_full_time: true,
    is_hybrid: true,
    is_enterprise: true,
    is_big_tech: true,
    is_senior_level: true,
    technical: true,
    engineering: true,
    us_based: true,
    is_mid_salary: true,
    is_comp_disclosed: true,
    is_relocation_offered: true,
    is_visa_friendly: false,
  });
  return jobs;
}

/** The staff member's API, from their own signed-in browser context (tokens are short-lived). */
export interface StaffApi {
  importJobs(email: string, jobs: Record<string, unknown>[]): Promise<void>;
  deleteJob(email: string, id: string): Promise<void>;
  close(): Promise<void>;
}

export async function signInStaff(browser: Browser): Promise<StaffApi> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAsStaff(page, { firstName: 'Sam', lastName: 'Staff' });
  const headers = async () => ({ authorization: `Bearer ${await accessToken(page)}` });
  return {
    async importJobs(email, jobs) {
      const response = await page.request.post('/api/admin/jobs/import', {
        headers: await headers(),
        data: { email, format: 'json', content: JSON.stringify(jobs) },
      });
      expect(response.status(), await response.text()).toBe(200);
    },
    async deleteJob(email, id) {
      const lookup = await page.request.get(`/api/admin/clients?email=${encodeURIComponent(email)}`, {
        headers: await headers(),
      });
      const clientId = (await lookup.json()).data.client.id as string;
      const response = await page.request.delete(`/api/admin/clients/${clientId}/jobs/${id}`, {
        headers: await headers(),
      });
      expect(response.status(), await response.text()).toBe(204);
    },
    close: () => context.close(),
  };
}

/**
 * The jobs journeys' `test`: `staff` is one staff member signed in once per worker and shared by
 * every journey that worker runs, to assign and change their clients' jobs.
 */
export const test = journeyTest.extend<object, { staff: StaffApi }>({
  staff: [
    async ({ browser }, use) => {
      const staff = await signInStaff(browser);
      await use(staff);
      await staff.close();
    },
    { scope: 'worker' },
  ],
});

/** The client's jobs as the API lists them: what the screens should show. */
export async function listJobs(page: Page): Promise<JobListItem[]> {
  const response = await page.request.get('/api/my-jobs', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
  });
  expect(response.status()).toBe(200);
  return jobListItems(await response.json());
}

/** Rejects jobs as the client (the client's own decision cannot be imported). */
export async function rejectJobs(page: Page, ids: string[]): Promise<void> {
  const response = await page.request.put('/api/my-jobs/approval', {
    headers: { authorization: `Bearer ${await accessToken(page)}` },
    data: { job_ids: ids, client_approval: 'rejected' },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * Signs in a new client with a finished onboarding, whom staff have given `jobs`, with every
 * seventh job already rejected; answers their e-mail and the jobs as listed.
 */
export async function signInClientWithJobs(
  page: Page,
  staff: StaffApi,
  jobs: Record<string, unknown>[] = journeyJobs(),
): Promise<{ email: string; jobs: JobListItem[] }> {
  const email = `jobs-${randomUUID().slice(0, 8)}@example.com`;
  if (jobs.length > 0) await staff.importJobs(email, jobs);
  await signInAsNewClient(page, email, { firstName: 'Casey', lastName: 'Jobs' });
  await seedCompleteProfile(page);
  const listed = await listJobs(page);
  const toReject = listed.filter((_, index) => index % 7 === 3).map((job) => job.id);
  if (toReject.length > 0) await rejectJobs(page, toReject);
  return { email, jobs: await listJobs(page) };
}

/** Picks a day in the From or To calendar, moving back month by month to it. */
export async function pickDay(page: Page, label: 'From' | 'To', day: Date) {
  await page.getByRole('button', { name: new RegExp(`^${label}`) }).click();
  const calendar = page.getByRole('dialog', { name: `${label} date` });
  // The calendar's code loads when it is first opened.
  await calendar.getByRole('grid').waitFor();
  const month = format(day, 'MMMM yyyy');
  for (let step = 0; step < 3 && !(await calendar.getByText(month).isVisible()); step += 1) {
    await calendar.getByRole('button', { name: 'Go to the Previous Month' }).click();
  }
  await calendar.getByRole('button', { name: new RegExp(format(day, 'MMMM do, yyyy')) }).click();
  await expect(calendar).toBeHidden();
  await expect(
    page.getByRole('button', { name: new RegExp(`^${label} ${format(day, 'MMM d, yyyy')}`) }),
  ).toBeVisible();
}

/** The place (1-based) of the first row showing below the table's header, even in part. */
export const firstRowInView = (table: Locator) =>
  table.evaluate((element) => {
    const headerBottom = element.querySelector('thead')!.getBoundingClientRect().bottom;
    const rows = [...element.querySelectorAll('tbody tr')].filter(
      (row) => row.getBoundingClientRect().bottom > headerBottom + 1,
    );
    return Math.min(...rows.map((row) => Number(row.getAttribute('aria-rowindex')) - 1));
  });

/**
 * The first row in view once the table has come to rest, above `floor`. Rows measured as they draw
 * move the scroll for a few frames after a jump, and on a busy machine a read between a scroll and the
 * rows drawn for it finds none: the place is the one two reads apart agree on.
 */
export async function restingFirstRowInView(table: Locator, floor: number) {
  let previous = Number.NaN;
  await expect
    .poll(
      async () => {
        const now = await firstRowInView(table);
        const resting = now === previous && Number.isFinite(now) && now > floor;
        previous = now;
        return resting;
      },
      { intervals: [200] },
    )
    .toBe(true);
  return previous;
}
