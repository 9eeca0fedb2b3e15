export const REGISTRATION_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending review',
  approved: 'Approved',
  declined: 'Declined',
};

export const ACCOUNT_STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  pending: 'Pending',
  disabled: 'Disabled',
};
