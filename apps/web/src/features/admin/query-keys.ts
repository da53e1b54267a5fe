/**
 * What the staff console caches, per client; the `all…` keys name every entry of a kind, for
 * invalidating them together.
 */
export const adminQueryKeys = {
  /** Everything the console caches: after a change that touches many clients at once. */
  all: ['admin'] as const,
  allPreviews: ['admin', 'previews'] as const,
  /** The e-mail previews of one client, keyed by how the client is named (id or e-mail). */
  previews: (target: string) => ['admin', 'previews', target] as const,
  allOutboxes: ['admin', 'outbox'] as const,
  allTeamOutbox: ['admin', 'team-outbox'] as const,
  /** The team's outbox, by the status it is narrowed to. */
  teamOutbox: (status: string | null) => ['admin', 'team-outbox', status ?? 'all'] as const,
  outbox: (clientId: string) => ['admin', 'outbox', clientId] as const,
  /**
   * One message's body, opened to read: outside `all` and `allOutboxes`, since every read of it is
   * logged, and a change that reads the console or the lists again (a retry, a cancel, a welcome
   * batch) must not read an open body again.
   */
  outboxMessage: (id: string) => ['outbox-message', id] as const,
  jobs: (clientId: string) => ['admin', 'jobs', clientId] as const,
  /** The recruiter's Applied clicks on one client's jobs (a mutation key). */
  appliedClicks: (clientId: string) => ['admin', 'applied', clientId] as const,
  feedback: ['admin', 'feedback'] as const,
  /** Every page of the clients board, however searched, narrowed or sorted. */
  allBoards: ['admin', 'board'] as const,
  board: (query: string) => ['admin', 'board', query] as const,
  /** Every client page's record (not `clientRef`: its key differs in the second part). */
  allClients: ['admin', 'client'] as const,
  client: (clientId: string) => ['admin', 'client', clientId] as const,
  /** Whom an id stands for (no visit logged, unlike `client`). */
  clientRef: (clientId: string) => ['admin', 'client-ref', clientId] as const,
  allActivity: ['admin', 'activity'] as const,
  activity: (query: string) => ['admin', 'activity', query] as const,
  activityActors: ['admin', 'activity-actors'] as const,
};
