/** The client area's navigation (spec 2, section 2), in the order shown. */
export const navEntries = [
  { label: 'My Profile', to: '/profile' },
  { label: 'Apply for Me', to: '/myjobs' },
  { label: 'My Job Stats', to: '/job-stats' },
  { label: 'My Team', to: '/myteam' },
] as const;

export const ADVANCED_PRODUCT_LABEL = 'Mobius Advanced';
export const ADMIN_ENTRY = { label: 'Admin Email Management', to: '/admin' } as const;

/** The staff workspace's navigation, shown to staff instead of the client area's. */
export const staffNavEntries = [
  { label: 'Clients', to: '/admin', end: true },
  { label: 'Outbox', to: '/admin/outbox', end: false },
  { label: 'Activity', to: '/admin/activity', end: false },
] as const;
