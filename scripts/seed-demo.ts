/**
 * `npm run seed:demo`: fills the configured database (the embedded one by default) with a demo client
 * (client@example.com, with a complete onboarding record), a demo staff member
 * (staff@<STAFF_EMAIL_DOMAIN>) and a few hundred realistic jobs for the client. The data come from a
 * seeded generator, so every run writes the same jobs; running it again updates rather than adds.
 */
import { randomUUID } from 'node:crypto';
import { systemClock } from '../apps/server/src/clock.ts';
import { type Config, loadConfig } from '../apps/server/src/config.ts';
import { type Db, migrateToLatest, nowIso, openDatabase } from '../apps/server/src/db/database.ts';
import { bumpListVersion } from '../apps/server/src/db/job-list-versions.ts';
import { createClientsService } from '../apps/server/src/modules/clients/service.ts';
import { createFilesService } from '../apps/server/src/modules/files/service.ts';
import { importJobs } from '../apps/server/src/modules/jobs/import.ts';
import { createOnboardingRepo } from '../apps/server/src/modules/onboarding/repo.ts';
import { openStorage } from '../apps/server/src/storage/open-storage.ts';
import { DuplicateIndex } from '../packages/domain/src/jobs-import.ts';
import { checkCompleteness } from '../packages/domain/src/onboarding-completeness.ts';
import type { OnboardingFields } from '../packages/domain/src/onboarding-fields.ts';
import { onboardingChangesSchema } from '../packages/domain/src/onboarding-rules.ts';
import { allAcknowledged } from '../packages/domain/src/onboarding-testing.ts';

export const DEMO_CLIENT = { email: 'client@example.com', firstName: 'Demo', lastName: 'Client' };
export const DEMO_JOB_COUNT = 300;

/** mulberry32: small, fast and good enough to make varied demo data that is the same every run. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    chance: (probability: number) => next() < probability,
    integer: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

type CompanyType = 'is_big_tech' | 'is_startup' | 'is_enterprise' | 'is_agency' | 'is_consulting_firm';
const COMPANIES: { name: string; domain: string; types: CompanyType[]; industry: string }[] = [
  { name: 'Northwind Labs', domain: 'northwindlabs.example', types: ['is_startup'], industry: 'Software' },
  {
    name: 'Contoso',
    domain: 'contoso.example',
    types: ['is_big_tech', 'is_enterprise'],
    industry: 'Cloud Computing',
  },
  { name: 'Fabrikam', domain: 'fabrikam.example', types: ['is_enterprise'], industry: 'Manufacturing' },
  {
    name: 'Tailspin Health',
    domain: 'tailspinhealth.example',
    types: ['is_startup'],
    industry: 'Healthcare',
  },
  { name: 'Adatum Analytics', domain: 'adatum.example', types: ['is_startup'], industry: 'Data & Analytics' },
  { name: 'Litware', domain: 'litware.example', types: ['is_enterprise'], industry: 'Financial Services' },
  { name: 'Proseware', domain: 'proseware.example', types: ['is_agency'], industry: 'Marketing' },
  { name: 'Woodgrove Bank', domain: 'woodgrove.example', types: ['is_enterprise'], industry: 'Banking' },
  {
    name: 'Blue Yonder Airlines',
    domain: 'blueyonder.example',
    types: ['is_enterprise'],
    industry: 'Travel',
  },
  {
    name: 'Trey Research',
    domain: 'treyresearch.example',
    types: ['is_consulting_firm'],
    industry: 'Research',
  },
  {
    name: 'Wide World Importers',
    domain: 'wideworld.example',
    types: ['is_enterprise'],
    industry: 'Logistics',
  },
  { name: 'Lucerne Publishing', domain: 'lucerne.example', types: ['is_agency'], industry: 'Media' },
  {
    name: 'Humongous Insurance',
    domain: 'humongous.example',
    types: ['is_enterprise'],
    industry: 'Insurance',
  },
  { name: 'Alpine Ski House', domain: 'alpineski.example', types: ['is_startup'], industry: 'Consumer' },
  { name: 'Coho Vineyard', domain: 'cohovineyard.example', types: ['is_startup'], industry: 'E-commerce' },
  { name: 'Graphic Design Institute', domain: 'gdi.example', types: ['is_agency'], industry: 'Design' },
  { name: 'Margie’s Travel', domain: 'margies.example', types: ['is_startup'], industry: 'Travel' },
  { name: 'Relecloud', domain: 'relecloud.example', types: ['is_big_tech'], industry: 'Cloud Computing' },
  { name: 'Southridge Video', domain: 'southridge.example', types: ['is_big_tech'], industry: 'Streaming' },
  {
    name: 'VanArsdel',
    domain: 'vanarsdel.example',
    types: ['is_consulting_firm', 'is_enterprise'],
    industry: 'Consulting',
  },
];

type RoleFlag =
  | 'engineering'
  | 'data_related'
  | 'product'
  | 'operations'
  | 'support'
  | 'sales'
  | 'marketing'
  | 'hr_related'
  | 'program_management';
const ROLES: { titles: string[]; flags: RoleFlag[]; technical: boolean; family: string }[] = [
  {
    titles: [
      'Software Engineer',
      'Backend Engineer',
      'Frontend Engineer',
      'Full Stack Developer',
      'Site Reliability Engineer',
    ],
    flags: ['engineering'],
    technical: true,
    family: 'Engineering',
  },
  {
    titles: ['Data Analyst', 'Data Scientist', 'Analytics Engineer', 'Machine Learning Engineer'],
    flags: ['data_related', 'engineering'],
    technical: true,
    family: 'Data',
  },
  {
    titles: ['Product Manager', 'Product Owner', 'Technical Product Manager'],
    flags: ['product'],
    technical: false,
    family: 'Product',
  },
  {
    titles: ['Operations Manager', 'Business Operations Analyst', 'Supply Chain Analyst'],
    flags: ['operations'],
    technical: false,
    family: 'Operations',
  },
  {
    titles: ['Customer Success Manager', 'Technical Support Specialist'],
    flags: ['support'],
    technical: false,
    family: 'Customer Support',
  },
  {
    titles: ['Account Executive', 'Sales Development Representative'],
    flags: ['sales'],
    technical: false,
    family: 'Sales',
  },
  {
    titles: ['Marketing Manager', 'Growth Marketer', 'Content Strategist'],
    flags: ['marketing'],
    technical: false,
    family: 'Marketing',
  },
  {
    titles: ['HR Business Partner', 'Technical Recruiter'],
    flags: ['hr_related'],
    technical: false,
    family: 'People',
  },
  {
    titles: ['Program Manager', 'Technical Program Manager'],
    flags: ['program_management'],
    technical: true,
    family: 'Program Management',
  },
];

type LevelFlag =
  | 'is_entry_level'
  | 'is_senior_level'
  | 'is_managerial'
  | 'is_director_level'
  | 'is_executive';
const LEVELS: { prefix: string; label: string; flag: LevelFlag | null }[] = [
  { prefix: 'Junior ', label: 'Entry level', flag: 'is_entry_level' },
  { prefix: '', label: 'Mid-Senior level', flag: null },
  { prefix: 'Senior ', label: 'Senior level', flag: 'is_senior_level' },
  { prefix: 'Lead ', label: 'Senior level', flag: 'is_senior_level' },
  { prefix: 'Manager, ', label: 'Manager', flag: 'is_managerial' },
  { prefix: 'Director of ', label: 'Director', flag: 'is_director_level' },
];

type PlaceFlag = 'nyc_area' | 'sf_bay_area' | 'chicago_area';
const PLACES: { city: string; state: string | null; country: string; area: PlaceFlag | null }[] = [
  { city: 'New York', state: 'NY', country: 'United States', area: 'nyc_area' },
  { city: 'Brooklyn', state: 'NY', country: 'United States', area: 'nyc_area' },
  { city: 'Jersey City', state: 'NJ', country: 'United States', area: 'nyc_area' },
  { city: 'San Francisco', state: 'CA', country: 'United States', area: 'sf_bay_area' },
  { city: 'Oakland', state: 'CA', country: 'United States', area: 'sf_bay_area' },
  { city: 'San Jose', state: 'CA', country: 'United States', area: 'sf_bay_area' },
  { city: 'Chicago', state: 'IL', country: 'United States', area: 'chicago_area' },
  { city: 'Austin', state: 'TX', country: 'United States', area: null },
  { city: 'Seattle', state: 'WA', country: 'United States', area: null },
  { city: 'Boston', state: 'MA', country: 'United States', area: null },
  { city: 'Denver', state: 'CO', country: 'United States', area: null },
  { city: 'Atlanta', state: 'GA', country: 'United States', area: null },
  { city: 'Toronto', state: 'ON', country: 'Canada', area: null },
  { city: 'London', state: null, country: 'United Kingdom', area: null },
  { city: 'Berlin', state: null, country: 'Germany', area: null },
];

const ANALYST_NOTES = [
  'Strong match for your backend experience.',
  'Applied with the tailored resume (version B).',
  'Recruiter replied quickly last time; worth following up in a week.',
  'Salary range is below your target, but the team is growing fast.',
  'Referral possible through a former colleague — let us know if you want an intro.',
  'Role asks for 2+ years of Kubernetes; we highlighted your platform work.',
  'Company sponsors visas for this team.',
  'Hybrid: 2 days a week in the office.',
];
const ANALYST_LINKS = [
  'Hiring manager profile: https://www.linkedin.com/in/demo-hiring-manager',
  'Glassdoor reviews look good: https://www.glassdoor.com/Reviews/demo.htm.',
  'Team blog post worth reading before an interview https://engineering.example.com/posts/how-we-ship',
  'Applied via the careers page (https://careers.example.com/jobs/4821) and the referral form.',
];
const CLIENT_NOTES = [
  'Looks interesting, would like to know more about the team.',
  'Not keen on the commute.',
  'I know someone there — will ask about the culture.',
  'Great fit! Please prioritise.',
  'Salary seems low for the area.',
];

const day = (date: Date) => date.toISOString().slice(0, 10);
const daysAgo = (today: Date, days: number) => new Date(today.getTime() - days * 86_400_000);

/** The demo jobs for today: the same every run on the same day, with dates relative to today. */
export function demoJobs(today: Date, count = DEMO_JOB_COUNT) {
  const random = generator(20241103);
  const jobs: Record<string, unknown>[] = [];
  const distinct = new DuplicateIndex<true>();
  const clientFields: {
    job_uid: string;
    client_approval: 'rejected' | 'pending';
    client_notes: string | null;
  }[] = [];
  for (let index = 1; index <= count; index += 1) {
    const uid = `demo-${String(index).padStart(4, '0')}`;
    const company = random.pick(COMPANIES);
    const role = random.pick(ROLES);
    const level = random.pick(LEVELS);
    const place = random.pick(PLACES);
    const arrangement = random.pick(['is_remote', 'is_hybrid', 'is_onsite'] as const);
    const baseTitle = random.pick(role.titles);
    const plainTitle =
      level.prefix.endsWith(' of ') || level.prefix.endsWith(', ')
        ? `${level.prefix}${role.family}`
        : `${level.prefix}${baseTitle}`;
    const refreshAgo = random.integer(0, 45);
    const refreshed = random.chance(0.08) ? null : daysAgo(today, refreshAgo);
    const posted = random.chance(0.1) ? null : daysAgo(today, refreshAgo + random.integer(0, 21));
    // The import merges a second job with the same title at the same company within 30 days, so a
    // generated repeat is told apart by its city, else by its id.
    const candidate = (jobTitle: string) => ({
      job_uid: uid,
      link: null,
      title: jobTitle,
      company: company.name,
      day: day(refreshed ?? posted ?? today),
    });
    const title = [plainTitle, `${plainTitle}, ${place.city}`, `${plainTitle} (${uid})`].find(
      (option) => !distinct.find(candidate(option)),
    )!;
    distinct.add(candidate(title), true);
    const salary = random.chance(0.75) ? random.integer(12, 70) * 5000 : null;
    const usBased = place.country === 'United States';
    const applied = random.chance(0.35);
    const link = random.chance(0.7) ? `https://${company.domain}/careers/${uid}` : null;
    const analystNotes = random.chance(0.35)
      ? random.chance(0.35)
        ? random.pick(ANALYST_LINKS)
        : random.pick(ANALYST_NOTES)
      : null;
    const job: Record<string, unknown> = {
      job_uid: uid,
      refresh_date: refreshed && day(refreshed),
      data_posted: posted && day(posted),
      applied_for_job: applied,
      analyst_notes: analystNotes,
      data_job_title: title,
      data_company: company.name,
      data_company_url: `https://${company.domain}`,
      data_external_application_link: link,
      url: random.chance(0.8) ? `https://jobs.example.com/view/${uid}` : null,
      data_job_description: [
        `${company.name} is hiring a ${title} to join its ${role.family} team in ${place.city}.`,
        `You will work with a small, senior team on problems that matter to our customers in ${company.industry.toLowerCase()}.`,
        'What you bring: clear communication, ownership from idea to production, and curiosity.',
        salary
          ? `The salary range for this role is up to $${salary.toLocaleString('en-US')}, plus benefits.`
          : 'Competitive salary and benefits.',
      ].join('\n\n'),
      data_num_applicants: random.chance(0.8) ? random.integer(3, 480) : null,
      data_location_city: place.city,
      data_location_state: place.state,
      data_location_country: place.country,
      max_salary: salary,
      seniority_level: level.label,
      job_time_type: 'Full-time',
      job_family: role.family,
      industry: company.industry,
      remote_hybrid_onsite: { is_remote: 'Remote', is_hybrid: 'Hybrid', is_onsite: 'On-site' }[arrangement],
      is_full_time: true,
      [arrangement]: true,
      ...Object.fromEntries(company.types.map((type) => [type, true])),
      ...(level.flag ? { [level.flag]: true } : {}),
      ...Object.fromEntries(role.flags.map((flag) => [flag, true])),
      technical: role.technical,
      non_technical: !role.technical,
      us_based: usBased,
      international: !usBased,
      ...(place.area ? { [place.area]: true } : {}),
      remote_friendly: arrangement !== 'is_onsite',
      is_high_salary: salary !== null && salary >= 200_000,
      is_mid_salary: salary !== null && salary >= 100_000 && salary < 200_000,
      is_comp_disclosed: salary !== null,
      is_relocation_offered: random.chance(0.15),
      is_visa_friendly: random.chance(0.3),
    };
    jobs.push(job);
    const rejected = !applied && random.chance(0.2);
    const notes = random.chance(0.12) ? random.pick(CLIENT_NOTES) : null;
    clientFields.push({
      job_uid: uid,
      client_approval: rejected ? 'rejected' : 'pending',
      client_notes: notes,
    });
  }
  return { jobs, clientFields };
}

/** A user with this e-mail, created if missing; answers its id. */
async function ensureUser(db: Db, email: string, firstName: string, lastName: string): Promise<string> {
  const existing = await db.kysely
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (existing) return existing.id;
  const id = randomUUID();
  const now = nowIso();
  await db.kysely
    .insertInto('users')
    // Verified by the provider at the first real sign-in.
    .values({
      id,
      email,
      email_verified: false,
      first_name: firstName,
      last_name: lastName,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/**
 * The demo client's answers, as the wizard stores them: every value one the form could have saved
 * (the phone number in the form's mask, option values, dates as YYYY-MM-DD), so the demo client can
 * open any step of their profile and save it unchanged.
 */
export function demoOnboardingAnswers(today: Date, resume: string): Partial<OnboardingFields> {
  return {
    goals: 'Land a senior backend role at a product company within three months.',
    first_name: DEMO_CLIENT.firstName,
    last_name: DEMO_CLIENT.lastName,
    email_address: DEMO_CLIENT.email,
    phone_number: '(555) 010-0199',
    has_whatsapp: 'Yes',
    birthdate: '1992-04-18',
    pronouns: 'they/them',
    where_found_us: 'LinkedIn',
    street_address: '100 Demo Street',
    city: 'Austin',
    state: 'TX',
    zip_code: '73301',
    country: 'United States',
    us_citizen: 'Yes',
    work_authorization: 'Yes',
    requires_sponsorship: 'No',
    currently_employed: 'Yes',
    availability_to_start: day(daysAgo(today, -14)),
    recent_position: 'Software Engineer',
    recent_employer: 'Northwind Labs',
    experience_level: 'senior',
    job_type: ['full-time'],
    resume,
    top_job_titles: 'Senior Software Engineer, Backend Engineer, Platform Engineer',
    job_description_keywords: 'TypeScript, Node.js, PostgreSQL',
    exclude_job_titles: 'Sales',
    salary_expectation: '$150,000',
    work_location_type: ['Remote', 'Hybrid'],
    open_for_relocation: 'No',
    linkedin_url: 'https://www.linkedin.com/in/demo-client',
    signature: 'Demo Client',
    onboarding_completed: true,
    ...allAcknowledged(),
  };
}

// A one-page PDF that says whose it is; enough for viewers to open.
const RESUME_TEXT = 'BT /F1 24 Tf 72 720 Td (Demo Client - Resume) Tj ET';
const DEMO_RESUME_PDF = [
  '%PDF-1.4',
  '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
  '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
  '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R',
  '  /Resources <</Font <</F1 <</Type /Font /Subtype /Type1 /BaseFont /Helvetica>>>>>>>> endobj',
  `4 0 obj <</Length ${RESUME_TEXT.length}>> stream`,
  RESUME_TEXT,
  'endstream endobj',
  'trailer <</Root 1 0 R>>',
  '%%EOF',
].join('\n');

async function uploadDemoResume(db: Db, config: Config, userId: string): Promise<string> {
  const files = createFilesService(
    db,
    openStorage(config.storageUrl),
    config.publicUrl,
    systemClock,
    console,
  );
  const uploaded = await files.upload({
    userId,
    folder: 'resumes',
    fileName: 'demo-client-resume.pdf',
    bytes: Buffer.from(DEMO_RESUME_PDF),
  });
  return uploaded.path;
}

/**
 * Gives the demo client a complete onboarding record, checked by the record's own schema (what the
 * API checks every save with) and its completeness rule before it is written.
 */
async function ensureOnboarding(db: Db, config: Config, userId: string, today: Date): Promise<void> {
  const repo = createOnboardingRepo(db.kysely);
  // The resume is a real stored document, so the profile's download works; it is uploaded once.
  const resume = (await repo.findByUser(userId))?.resume || (await uploadDemoResume(db, config, userId));
  const answers = onboardingChangesSchema.parse(demoOnboardingAnswers(today, resume));
  const { missingFields } = checkCompleteness(answers);
  if (missingFields.length > 0) throw new Error(`The demo profile lacks ${missingFields.join(', ')}`);
  await repo.upsertForUser(userId, answers, { id: randomUUID(), now: nowIso() });
}

export async function seedDemo(db: Db, config: Config, today = new Date()) {
  const clientId = await ensureUser(db, DEMO_CLIENT.email, DEMO_CLIENT.firstName, DEMO_CLIENT.lastName);
  const staffEmail = `staff@${config.staffEmailDomain}`;
  await ensureUser(db, staffEmail, 'Demo', 'Staff');
  await ensureOnboarding(db, config, clientId, today);

  const { jobs, clientFields } = demoJobs(today);
  const { imported, updated } = await importJobs(db, createClientsService(db.kysely), {
    client_id: clientId,
    format: 'json',
    content: JSON.stringify(jobs),
  });
  // Decisions and notes are the client's own; the demo starts with a realistic mix of them.
  await db.kysely.transaction().execute(async (trx) => {
    for (const fields of clientFields) {
      await trx
        .updateTable('jobs')
        .set({ client_approval: fields.client_approval, client_notes: fields.client_notes })
        .where('client_id', '=', clientId)
        .where('job_uid', '=', fields.job_uid)
        .execute();
    }
    await bumpListVersion(trx, clientId);
  });
  return { clientEmail: DEMO_CLIENT.email, staffEmail, imported, updated };
}

if (import.meta.main) {
  try {
    const config = loadConfig();
    const db = openDatabase(config.database);
    try {
      await migrateToLatest(db);
      const result = await seedDemo(db, config);
      console.log(`Demo client: ${result.clientEmail} (onboarding complete)`);
      console.log(`Demo staff member: ${result.staffEmail}`);
      console.log(`Jobs: ${result.imported} new, ${result.updated} updated.`);
      console.log('Sign in on the development provider with either e-mail.');
    } finally {
      await db.close();
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
