/** The Known Issues panel's own words; its rules' messages are knownIssueMessages in the contract. */
export const knownIssuesTexts = {
  newIssueLabel: 'New known issue',
  editLabel: 'Edit known issue',
  close: 'Close Known Issues',
  edit: 'Edit',
  delete: 'Delete',
  save: 'Save',
  cancel: 'Cancel',
  confirmDelete: 'Delete this issue for every admin?',
  edited: 'edited',
  formerAdmin: 'a former admin',
  addHint: 'Ctrl or ⌘ + Enter adds it.',
} as const;
