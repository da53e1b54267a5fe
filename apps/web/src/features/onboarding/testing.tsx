/** Renders onboarding screens the way the app does, with a fake server behind `fetch`. */

import { emptyOnboardingFields } from '@app/domain/onboarding-fields';
import type { WizardForm } from '@app/domain/onboarding-rules';
import { defaultOnboardingResources } from '@app/domain/resources';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { vi } from 'vitest';
import { publicConfigQuery } from '../../lib/public-config.ts';
import { renderWithQueries, testQueryClient } from '../../lib/testing/render-with-queries.tsx';
import { type OnboardingAccount, OnboardingAccountProvider } from './account-context.tsx';

export const testAccount: OnboardingAccount = {
  id: 'user-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  accessToken: 'token-1',
};

export type FakeRoute = (request: { method: string; path: string; body: unknown }) => Response | undefined;

/** Replaces `fetch`: each call goes to the first route that answers; anything else is a 404. */
export function fakeServer(route: FakeRoute) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = {
      method: init?.method ?? 'GET',
      path: String(input),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return route(call) ?? Response.json({ error: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetch);
  return { calls };
}

export function renderOnboarding(ui: ReactNode, { path = '/', account = testAccount } = {}) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(publicConfigQuery.queryKey, {
    brandName: 'Acme Jobs',
    brandColor: '#0f766e',
    whatsappNumber: '15551234567',
    advancedProductUrl: 'https://advanced.example.com/',
    staffEmailDomain: 'company.test',
    signInProvider: 'development',
    resources: defaultOnboardingResources,
  });
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '/profile', element: <h1>Profile page</h1> },
      { path: '/update-preferences', element: <h1>Preferences page</h1> },
    ],
    { initialEntries: [path] },
  );
  return renderWithQueries(
    <OnboardingAccountProvider account={account}>
      <RouterProvider router={router} />
      <Toaster />
    </OnboardingAccountProvider>,
    { queryClient },
  );
}

/** A wizard form around a field under test; `onValues` sees every change. */
export function FormHarness({
  children,
  values = {},
  onValues,
}: {
  children: ReactNode;
  values?: Partial<WizardForm>;
  onValues?: (values: WizardForm) => void;
}) {
  const form = useForm<WizardForm>({
    defaultValues: { ...emptyOnboardingFields(), terms_reviewed: false, terms_agreed: false, ...values },
  });
  form.watch((all) => onValues?.(all as WizardForm));
  return <FormProvider {...form}>{children}</FormProvider>;
}

/** A PDF of `size` bytes, as a person would choose it. */
export function uploadedFile(name: string, size = 100) {
  return new File([new Uint8Array(size)], name, { type: 'application/pdf' });
}
