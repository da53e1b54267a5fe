/** What the staff console caches, per searched client. */
export const adminQueryKeys = {
  previews: (email: string) => ['admin', 'previews', email] as const,
  outbox: (email: string) => ['admin', 'outbox', email] as const,
  jobs: (email: string) => ['admin', 'jobs', email] as const,
  feedback: ['admin', 'feedback'] as const,
};
