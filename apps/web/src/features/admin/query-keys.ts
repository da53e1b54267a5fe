/** What the staff console caches, per searched client (previews by e-mail, the rest by client id). */
export const adminQueryKeys = {
  previews: (email: string) => ['admin', 'previews', email] as const,
  outbox: (clientId: string) => ['admin', 'outbox', clientId] as const,
  jobs: (clientId: string) => ['admin', 'jobs', clientId] as const,
  feedback: ['admin', 'feedback'] as const,
};
