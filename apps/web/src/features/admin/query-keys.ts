/** What the staff console caches, per searched client (previews by e-mail, the rest by client id). */
export const adminQueryKeys = {
  previews: (email: string) => ['admin', 'previews', email] as const,
  outbox: (clientId: string) => ['admin', 'outbox', clientId] as const,
  jobs: (clientId: string) => ['admin', 'jobs', clientId] as const,
  feedback: ['admin', 'feedback'] as const,
  board: (query: string) => ['admin', 'board', query] as const,
  client: (clientId: string) => ['admin', 'client', clientId] as const,
  activity: (query: string) => ['admin', 'activity', query] as const,
  activityActors: ['admin', 'activity-actors'] as const,
};
