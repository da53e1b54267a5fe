/**
 * How tests put a TanStack Query client above what they render, in one place rather than in every
 * test file: each render gets a client of its own, so no test sees another's cache, with the test
 * defaults: a failed read is not tried again, so a test sees the failure at once rather than after
 * the retries' backoff.
 */

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  type queries,
  type RenderHookResult,
  type RenderResult,
  render,
  renderHook,
} from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';

/** A fresh client with the test defaults: reads that fail are not retried. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/**
 * A `wrapper` for `render` or `renderHook` that provides `queryClient`: made once a render, so
 * `rerender` keeps the tree under it.
 */
export function queriesWrapper(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

interface WithQueries {
  /** The client the render reads through; a fresh `testQueryClient()` unless one is given. */
  queryClient?: QueryClient;
}

/** Renders `ui` under a query client, which `rerender` keeps; returns the client with the render. */
export function renderWithQueries(
  ui: ReactElement,
  { queryClient = testQueryClient() }: WithQueries = {},
): RenderResult & { queryClient: QueryClient } {
  return { ...render<typeof queries>(ui, { wrapper: queriesWrapper(queryClient) }), queryClient };
}

/** Renders `hook` under a query client; returns the client with the render. */
export function renderHookWithQueries<Result>(
  hook: () => Result,
  { queryClient = testQueryClient() }: WithQueries = {},
): RenderHookResult<Result, unknown> & { queryClient: QueryClient } {
  return { ...renderHook(hook, { wrapper: queriesWrapper(queryClient) }), queryClient };
}
