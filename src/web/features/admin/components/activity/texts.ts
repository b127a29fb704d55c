/** The Activity tab's own words (type names are activityTypeLabels in the contract). */
export const activityTexts = {
  title: 'Activity',
  subtitle: (limit: number) => `The latest ${limit} entries, newest first.`,
  typeFilter: 'Type',
  allTypes: 'All types',
  refresh: 'Refresh',
  empty: 'No activity yet',
  emptyFiltered: 'No entries of this type',
  loadFailed: 'The activity log could not be loaded.',
  refreshFailed: 'The activity log could not be refreshed; showing the entries loaded before.',
  listLabel: 'Activity log',
  time: 'Time',
  type: 'Type',
  message: 'Message',
  actor: 'By',
  system: 'System',
} as const;
