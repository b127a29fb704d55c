import { expectedPlanOptions, waitlistScoreWeights, type WaitlistStatus } from '../../../../../contracts/waitlist.ts';
import type { WaitlistSort, WaitlistStatusFilter } from '../../api/waitlist.ts';

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The best score an entry can reach: every field answered and the dearest plan (docs/product-rules.md#waitlist). */
export const WAITLIST_MAX_SCORE =
  Object.values(waitlistScoreWeights).reduce((sum, points) => sum + points, 0) + Math.max(...expectedPlanOptions.map((o) => o.points));

/** What operators read in God Mode's Waitlist tab (the server's refusals live in src/contracts/admin-waitlist.ts). */
export const waitlistTabTexts = {
  title: 'Waitlist',
  filtersLabel: 'Filter the waitlist',
  statusLabel: 'Status',
  sortLabel: 'Sort by',
  statusOptions: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected', all: 'All' } satisfies Record<
    WaitlistStatusFilter,
    string
  >,
  sortOptions: { score: 'Score', newest: 'Newest' } satisfies Record<WaitlistSort, string>,
  statuses: { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } satisfies Record<WaitlistStatus, string>,
  listLabel: 'Waitlist entries',
  loading: 'Loading the waitlist',
  loadFailed: 'The waitlist could not be loaded.',
  count: (n: number, more: boolean) => `${plural(n, 'entry', 'entries')}${more ? ' shown' : ''}`,
  selectAll: 'Select all on this page',
  select: (name: string) => `Select ${name}`,
  approve: 'Approve',
  approveOne: (name: string) => `Approve ${name}`,
  approveSelected: (n: number) => `Approve selected (${n})`,
  columns: { person: 'Name', profile: 'Role · Plan', score: 'Score', status: 'Status', joined: 'Joined' },
  role: 'Role',
  plan: 'Plan',
  score: 'Score',
  outOf: ` out of ${WAITLIST_MAX_SCORE}`,
  joined: 'Joined',
  notGiven: '—',
  confirmTitle: (n: number) => `Approve ${plural(n, 'entry', 'entries')}?`,
  confirmBody: (n: number) => (n === 1 ? 'It gets an invitation email.' : 'Each gets an invitation email.'),
  confirmNote: "Invitations are sent at once and can't be taken back.",
  confirmAction: (n: number) => (n === 1 ? 'Approve and send invitation' : 'Approve and send invitations'),
  andMore: (n: number) => `and ${plural(n, 'more', 'more')}`,
  approved: (n: number, unchanged: number) =>
    `Approved ${n.toLocaleString('en-US')} — invitations sent${unchanged > 0 ? ` (${plural(unchanged, 'was', 'were')} already approved)` : ''}`,
  approveFailed: 'The entries could not be approved. Please try again.',
} as const;
