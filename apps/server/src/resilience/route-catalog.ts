import { randomUUID } from 'node:crypto';
import { STAFF_ACCOUNT_KEPT_MESSAGE } from '@app/domain/account-api';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { takeRecoveryCodeForTest } from '../testing/auth.ts';
import { pdfBytes } from '../testing/documents.ts';
import { completeRecord } from '../testing/onboarding-record.ts';
import { multipartBody } from './multipart.ts';
import type { ClientResources, Headers } from './world.ts';

/** A well-formed call of a route by `caller`, naming `owner`'s resources wherever it names any. */
export type RouteRequest = (caller: Headers, owner: ClientResources) => InjectOptions;

/**
 * What another client sees when they name a client's resources:
 * - `not-found`: 404, the very answer a resource that does not exist gets (no existence oracle);
 * - `own-data-only`: a normal answer about the caller's own data, holding nothing of the owner's;
 * - a check of the answer, for routes with another documented behaviour.
 */
export type ForeignAnswer =
  | 'not-found'
  | 'own-data-only'
  | ((response: LightMyRequestResponse, owner: ClientResources) => void);

export type RouteAccess =
  /** Reachable without a token; `reason` says why that is safe. */
  | { access: 'public'; reason: string; request: RouteRequest }
  /** Any signed-in person, client or staff, about themselves. */
  | { access: 'signed-in'; request: RouteRequest }
  /**
   * Staff only: clients get 403. `servedStatus`: the answer to the well-formed call by staff when it
   * is not a 2xx by design (setting up the second factor again, for staff who already did).
   * `replacesOwned`: the call replaces resources other calls name (the client's saved filters), so it
   * is served after every other call, the deletions included.
   */
  | { access: 'staff'; request: RouteRequest; servedStatus?: number; replacesOwned?: true }
  /**
   * Clients, each on their own data only. `servedStatus`: the answer to the owner's well-formed call
   * when it is not a 2xx by design (deleting the account is called unconfirmed, so the world stays).
   */
  | { access: 'client'; request: RouteRequest; foreign: ForeignAnswer; servedStatus?: number };

const get =
  (url: (owner: ClientResources) => string): RouteRequest =>
  (caller, owner) => ({ method: 'GET', url: url(owner), headers: caller });

const send =
  (
    method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: (owner: ClientResources) => string,
    payload?: (owner: ClientResources) => Record<string, unknown>,
  ): RouteRequest =>
  (caller, owner) => ({ method, url: url(owner), headers: caller, payload: payload?.(owner) });

const fixed = (url: string) => () => url;

const uploadRequest: RouteRequest = (caller) => {
  const form = multipartBody([
    { name: 'folder', value: 'resumes' },
    { name: 'file', value: pdfBytes(), filename: 'new-resume.pdf', contentType: 'application/pdf' },
  ]);
  return {
    method: 'POST',
    url: '/api/file-upload',
    headers: { ...caller, 'content-type': form.contentType },
    payload: form.payload,
  };
};

const docsReason = 'the OpenAPI document and its viewer describe the API and hold no data';
const devProviderReason =
  'the development sign-in provider, which is how people sign in; it refuses to exist in production';

/**
 * Every route the server registers, with who may call it. The access matrix walks the server's own
 * route table and fails on any route missing here (or listed here but gone), so a new route cannot
 * go unchecked. A HEAD route shares its GET twin's entry unless it has its own.
 */
export const ROUTE_CATALOG: Record<string, RouteAccess> = {
  'GET /api/docs': { access: 'public', reason: docsReason, request: get(fixed('/api/docs')) },
  'HEAD /api/docs/': { access: 'public', reason: docsReason, request: get(fixed('/api/docs/')) },
  'GET /api/docs/static/index.html': {
    access: 'public',
    reason: docsReason,
    request: get(fixed('/api/docs/static/index.html')),
  },
  'GET /api/docs/static/swagger-initializer.js': {
    access: 'public',
    reason: docsReason,
    request: get(fixed('/api/docs/static/swagger-initializer.js')),
  },
  'GET /api/docs/static/*': {
    access: 'public',
    reason: docsReason,
    request: get(fixed('/api/docs/static/swagger-ui.css')),
  },
  'GET /api/docs/json': { access: 'public', reason: docsReason, request: get(fixed('/api/docs/json')) },
  'GET /api/docs/yaml': { access: 'public', reason: docsReason, request: get(fixed('/api/docs/yaml')) },
  'GET /healthz': { access: 'public', reason: 'liveness probe', request: get(fixed('/healthz')) },
  'GET /readyz': { access: 'public', reason: 'readiness probe', request: get(fixed('/readyz')) },
  'GET /oidc/interaction/sign-in.css': {
    access: 'public',
    reason: devProviderReason,
    request: get(fixed('/oidc/interaction/sign-in.css')),
  },
  'GET /oidc/interaction/:uid': {
    access: 'public',
    reason: devProviderReason,
    request: get(fixed('/oidc/interaction/expired-interaction')),
  },
  'POST /oidc/interaction/:uid/login': {
    access: 'public',
    reason: devProviderReason,
    request: (caller) => ({
      method: 'POST',
      url: '/oidc/interaction/expired-interaction/login',
      headers: { ...caller, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=someone%40example.com',
    }),
  },
  'GET /auth/v1/authorize': {
    access: 'public',
    reason: 'starts signing in, before anyone has a token',
    request: get(fixed('/auth/v1/authorize?redirect_to=%2Fjobs')),
  },
  'GET /auth/v1/callback': {
    access: 'public',
    reason: 'where the sign-in provider returns; checked against the sealed sign-in state cookie',
    request: get(fixed('/auth/v1/callback?code=abc&state=xyz')),
  },
  'POST /auth/v1/token': {
    access: 'public',
    reason: 'exchanges a refresh token for an access token; the refresh token is the credential',
    request: send('POST', fixed('/auth/v1/token?grant_type=refresh_token'), () => ({ refresh_token: 'x' })),
  },
  'POST /auth/v1/logout': {
    access: 'public',
    reason: 'revokes the session its refresh token names; without one it does nothing',
    request: send('POST', fixed('/auth/v1/logout'), () => ({ refresh_token: 'x' })),
  },
  'GET /auth/v1/.well-known/jwks.json': {
    access: 'public',
    reason: 'public keys that verify access tokens',
    request: get(fixed('/auth/v1/.well-known/jwks.json')),
  },
  'GET /api/public-config': {
    access: 'public',
    reason: 'brand and sign-in settings the sign-in screen needs',
    request: get(fixed('/api/public-config')),
  },
  'GET /api/document-links/download': {
    access: 'public',
    reason: 'the signed, expiring link is the permission (shared with people who have no account)',
    request: get((owner) => `/api/document-links/download?token=${encodeURIComponent(owner.linkToken)}`),
  },
  'GET /*': {
    access: 'public',
    reason: 'the web app and its assets, which hold no data',
    request: (caller) => ({ method: 'GET', url: '/jobs', headers: { ...caller, accept: 'text/html' } }),
  },

  'GET /auth/v1/user': { access: 'signed-in', request: get(fixed('/auth/v1/user')) },
  'POST /auth/v1/mfa/enrol': {
    access: 'staff',
    request: send('POST', fixed('/auth/v1/mfa/enrol')),
    servedStatus: 409,
  },
  'POST /auth/v1/mfa/verify': {
    access: 'staff',
    request: (caller) => ({
      method: 'POST',
      url: '/auth/v1/mfa/verify',
      headers: caller,
      payload: { recovery_code: takeRecoveryCodeForTest(caller) ?? 'none' },
    }),
  },
  'GET /api/account/sessions': { access: 'signed-in', request: get(fixed('/api/account/sessions')) },
  'POST /api/account/sessions/sign-out-others': {
    access: 'signed-in',
    request: send('POST', fixed('/api/account/sessions/sign-out-others')),
  },
  'DELETE /api/account/sessions/:id': {
    access: 'client',
    request: send('DELETE', (owner) => `/api/account/sessions/${owner.spareSessionIds[0]}`),
    foreign: 'not-found',
  },
  'GET /api/admin/clients/:userId/sessions': {
    access: 'staff',
    request: get((owner) => `/api/admin/clients/${owner.userId}/sessions`),
  },
  'DELETE /api/admin/sessions/:id': {
    access: 'staff',
    request: send('DELETE', (owner) => `/api/admin/sessions/${owner.spareSessionIds[1]}`),
  },

  'GET /api/onboarding-submissions': {
    access: 'client',
    request: get(fixed('/api/onboarding-submissions')),
    foreign: 'own-data-only',
  },
  'GET /api/onboarding-submissions/check-complete': {
    access: 'client',
    request: get(fixed('/api/onboarding-submissions/check-complete')),
    foreign: 'own-data-only',
  },
  'POST /api/onboarding-submissions': {
    access: 'client',
    // Naming the owner's record and user in the body must not reach them: the token decides.
    request: send('POST', fixed('/api/onboarding-submissions'), (owner) => {
      // No resume: the caller's record keeps its own (a record names only its owner's documents).
      const { resume: _keptResume, ...record } = completeRecord({
        email_address: 'someone@example.net',
        goals: 'Taken over',
      });
      return { ...record, id: owner.recordId, user_id: owner.userId, userId: owner.userId };
    }),
    foreign: 'own-data-only',
  },
  'PUT /api/onboarding-submissions/:id': {
    access: 'client',
    request: send(
      'PUT',
      (owner) => `/api/onboarding-submissions/${owner.recordId}`,
      () => ({ goals: 'Changed' }),
    ),
    foreign: 'not-found',
  },
  'PUT /api/newsletter-subscription': {
    access: 'client',
    request: send('PUT', fixed('/api/newsletter-subscription'), () => ({ subscribeToNewsletter: false })),
    foreign: 'own-data-only',
  },
  'POST /api/file-upload': { access: 'client', request: uploadRequest, foreign: 'own-data-only' },
  'GET /api/documents/download': {
    access: 'client',
    request: get((owner) => `/api/documents/download?path=${encodeURIComponent(owner.documentPath)}`),
    foreign: 'not-found',
  },
  'GET /api/storage/public/documents/*': {
    access: 'client',
    request: get((owner) => `/api/storage/public/documents/${owner.documentPath}`),
    foreign: 'not-found',
  },
  'POST /api/document-links': {
    access: 'client',
    request: send('POST', fixed('/api/document-links'), (owner) => ({ path: owner.documentPath })),
    foreign: 'not-found',
  },
  'POST /api/onboarding-feedback': {
    access: 'client',
    request: send('POST', fixed('/api/onboarding-feedback'), () => ({ text: 'Smooth' })),
    foreign: 'own-data-only',
  },
  'GET /api/my-jobs': { access: 'client', request: get(fixed('/api/my-jobs')), foreign: 'own-data-only' },
  'PUT /api/my-jobs/approval': {
    access: 'client',
    request: send('PUT', fixed('/api/my-jobs/approval'), (owner) => ({
      job_ids: owner.jobIds,
      client_approval: 'rejected',
    })),
    // Documented: ids that are not the caller's come back as not found, and nothing else is said.
    foreign: (response, owner) => {
      if (response.statusCode !== 200) throw new Error(`answered ${response.statusCode}: ${response.body}`);
      const { data } = response.json();
      if (
        data.updated_ids.length !== 0 ||
        [...data.not_found_job_ids].sort().join() !== [...owner.jobIds].sort().join()
      ) {
        throw new Error(`reached another client's jobs: ${response.body}`);
      }
    },
  },
  'GET /api/my-jobs/:id': {
    access: 'client',
    request: get((owner) => `/api/my-jobs/${owner.jobIds[0]}`),
    foreign: 'not-found',
  },
  'PUT /api/my-jobs/:id/approval': {
    access: 'client',
    request: send(
      'PUT',
      (owner) => `/api/my-jobs/${owner.jobIds[0]}/approval`,
      () => ({ client_approval: 'rejected' }),
    ),
    foreign: 'not-found',
  },
  'PUT /api/my-jobs/:id/notes': {
    access: 'client',
    request: send(
      'PUT',
      (owner) => `/api/my-jobs/${owner.jobIds[0]}/notes`,
      () => ({ client_notes: 'Mine now' }),
    ),
    foreign: 'not-found',
  },
  'GET /api/job-search-filters': {
    access: 'client',
    // Staff name the client by id; a client naming someone else still gets their own.
    request: get((owner) => `/api/job-search-filters?client_id=${owner.userId}`),
    foreign: 'own-data-only',
  },
  // Saved filters are staff data: clients read them, staff edit and delete them (decision 030).
  'PUT /api/job-search-filters/:id': {
    access: 'staff',
    request: send(
      'PUT',
      (owner) => `/api/job-search-filters/${owner.filterIds[0]}`,
      // Made on the version first saved: later calls meet one changed since, and are refused (409).
      () => ({ version: 1, name: 'Renamed' }),
    ),
  },
  'DELETE /api/job-search-filters/:id': {
    access: 'staff',
    request: send('DELETE', (owner) => `/api/job-search-filters/${owner.filterIds[0]}`),
  },

  'GET /api/onboarding-feedback': { access: 'staff', request: get(fixed('/api/onboarding-feedback')) },
  'POST /api/admin/jobs/import': {
    access: 'staff',
    request: send('POST', fixed('/api/admin/jobs/import'), (owner) => ({
      email: owner.email,
      format: 'json',
      content: JSON.stringify([{ job_uid: 'staff-import-1', data_job_title: 'Analyst' }]),
    })),
  },
  'GET /api/admin/clients/:client_id/jobs': {
    access: 'staff',
    request: get((owner) => `/api/admin/clients/${owner.userId}/jobs`),
  },
  'PATCH /api/admin/clients/:client_id/jobs/:id': {
    access: 'staff',
    request: send(
      'PATCH',
      (owner) => `/api/admin/clients/${owner.userId}/jobs/${owner.jobIds[1]}`,
      // Written over no notes: later calls meet the notes the first wrote, and are refused (409).
      () => ({ applied_for_job: true, analyst_notes: 'Applied', analyst_notes_before: null }),
    ),
  },
  'PUT /api/admin/clients/:client_id/jobs/applied': {
    access: 'staff',
    request: send(
      'PUT',
      (owner) => `/api/admin/clients/${owner.userId}/jobs/applied`,
      (owner) => ({ job_ids: [owner.jobIds[1]], applied_for_job: true }),
    ),
  },
  'DELETE /api/admin/clients/:client_id/jobs/:id': {
    access: 'staff',
    request: send('DELETE', (owner) => `/api/admin/clients/${owner.userId}/jobs/${owner.jobIds[2]}`),
  },
  'GET /api/admin/board': {
    access: 'staff',
    request: get(fixed('/api/admin/board?view=waiting_for_welcome&sort=client&dir=asc')),
  },
  'GET /api/admin/clients/:id': {
    access: 'staff',
    request: get((owner) => `/api/admin/clients/${owner.userId}`),
  },
  'GET /api/admin/clients/:id/documents/:which': {
    access: 'staff',
    request: get((owner) => `/api/admin/clients/${owner.userId}/documents/resume`),
  },
  'PUT /api/admin/clients/:id/filters': {
    access: 'staff',
    replacesOwned: true,
    request: send(
      'PUT',
      (owner) => `/api/admin/clients/${owner.userId}/filters`,
      () => ({
        formatted_data: [
          {
            name: 'Platform roles',
            query: 'platform engineer',
            filters: {
              data_job_description: [],
              exclude_job_description: [],
              is_remote: true,
              min_salary: null,
            },
          },
        ],
      }),
    ),
  },
  'GET /api/admin/activity': {
    access: 'staff',
    request: get((owner) => `/api/admin/activity?client_id=${owner.userId}`),
  },
  'GET /api/admin/activity/actors': { access: 'staff', request: get(fixed('/api/admin/activity/actors')) },
  'GET /api/admin/activity/export': {
    access: 'staff',
    request: get((owner) => `/api/admin/activity/export?client_id=${owner.userId}`),
  },
  'GET /api/admin/clients': {
    access: 'staff',
    request: get((owner) => `/api/admin/clients?email=${encodeURIComponent(owner.email)}`),
  },
  'GET /api/admin/outbox': {
    access: 'staff',
    request: get((owner) => `/api/admin/outbox?client_id=${owner.userId}`),
  },
  // The world has no e-mail to read or act on: the answer to a well-formed call is 'No e-mail has
  // that id'.
  'GET /api/admin/outbox/:id': {
    access: 'staff',
    request: get(fixed('/api/admin/outbox/00000000-0000-4000-8000-000000000000')),
    servedStatus: 404,
  },
  'POST /api/admin/outbox/:id/retry': {
    access: 'staff',
    request: send('POST', fixed('/api/admin/outbox/00000000-0000-4000-8000-000000000000/retry')),
    servedStatus: 404,
  },
  'POST /api/admin/outbox/:id/cancel': {
    access: 'staff',
    request: send('POST', fixed('/api/admin/outbox/00000000-0000-4000-8000-000000000000/cancel')),
    servedStatus: 404,
  },
  'POST /api/admin/user-email-management': {
    access: 'staff',
    request: send('POST', fixed('/api/admin/user-email-management'), (owner) => ({
      email: owner.email,
      action: 'fetch',
    })),
  },
  'POST /api/admin/welcome-emails': {
    access: 'staff',
    request: send('POST', fixed('/api/admin/welcome-emails'), (owner) => ({ client_ids: [owner.userId] })),
  },
  'GET /api/my-jobs/export': {
    access: 'client',
    request: get(fixed('/api/my-jobs/export')),
    foreign: 'own-data-only',
  },
  'PUT /api/my-jobs/:id/outcome': {
    access: 'client',
    request: send(
      'PUT',
      (owner) => `/api/my-jobs/${owner.jobIds[0]}/outcome`,
      () => ({ outcome: 'interview', outcome_date: '2024-11-03' }),
    ),
    foreign: 'not-found',
  },
  'GET /api/my-jobs/:id/history': {
    access: 'client',
    request: get((owner) => `/api/my-jobs/${owner.jobIds[0]}/history`),
    foreign: 'not-found',
  },
  'PUT /api/admin/jobs/:id/outcome': {
    access: 'staff',
    request: send(
      'PUT',
      (owner) => `/api/admin/jobs/${owner.jobIds[0]}/outcome`,
      () => ({ outcome: 'offer', outcome_date: '2024-11-04' }),
    ),
  },
  'GET /api/admin/companies-to-avoid': {
    access: 'staff',
    request: get((owner) => `/api/admin/companies-to-avoid?client_id=${owner.userId}`),
  },
  'GET /api/companies-to-avoid': {
    access: 'client',
    request: get(fixed('/api/companies-to-avoid')),
    foreign: 'own-data-only',
  },
  'POST /api/companies-to-avoid': {
    access: 'client',
    // A new name each call: the list refuses a company it has.
    request: send('POST', fixed('/api/companies-to-avoid'), () => ({ name: `Company ${randomUUID()}` })),
    foreign: 'own-data-only',
  },
  'DELETE /api/companies-to-avoid': {
    access: 'client',
    // Every client of the world lists Umbrella: a client only ever takes it off their own list.
    request: send('DELETE', fixed('/api/companies-to-avoid?name=Umbrella')),
    foreign: (response) => {
      if (![204, 404].includes(response.statusCode))
        throw new Error(`answered ${response.statusCode}: ${response.body}`);
    },
  },
  'GET /api/weekly-summary': {
    access: 'client',
    request: get(fixed('/api/weekly-summary')),
    foreign: 'own-data-only',
  },
  'PUT /api/weekly-summary': {
    access: 'client',
    request: send('PUT', fixed('/api/weekly-summary'), () => ({ subscribed: true })),
    foreign: 'own-data-only',
  },
  'PUT /api/account/time-zone': {
    access: 'client',
    request: send('PUT', fixed('/api/account/time-zone'), () => ({ time_zone: 'Europe/Paris' })),
    foreign: 'own-data-only',
  },
  'GET /api/account/export': {
    access: 'client',
    request: get(fixed('/api/account/export')),
    foreign: 'own-data-only',
  },
  'DELETE /api/account': {
    access: 'client',
    // Unconfirmed (not the caller's e-mail): refused for everyone, and nothing is deleted; staff
    // accounts are not deleted at all (403).
    request: send('DELETE', fixed('/api/account'), () => ({ email: 'not-the-account@example.com' })),
    foreign: (response) => {
      const staffAccountKept =
        response.statusCode === 403 && response.json().error === STAFF_ACCOUNT_KEPT_MESSAGE;
      if (response.statusCode !== 422 && !staffAccountKept)
        throw new Error(`answered ${response.statusCode}: ${response.body}`);
    },
    servedStatus: 422,
  },
  'GET /api/weekly-summary/unsubscribe': {
    access: 'public',
    reason: 'the signed link is the permission; a GET only shows a button',
    request: get((owner) => `/api/weekly-summary/unsubscribe?token=bad-${owner.userId}`),
  },
  'POST /api/weekly-summary/unsubscribe': {
    access: 'public',
    reason: 'RFC 8058 one-click: the signed link is the permission, and all it can do is stop one e-mail',
    request: send('POST', (owner) => `/api/weekly-summary/unsubscribe?token=bad-${owner.userId}`),
  },
};

/** The catalog entry of a registered route: its own, or its GET twin's for a HEAD route. */
export function catalogEntry(method: string, url: string): RouteAccess | undefined {
  return ROUTE_CATALOG[`${method} ${url}`] ?? (method === 'HEAD' ? ROUTE_CATALOG[`GET ${url}`] : undefined);
}
