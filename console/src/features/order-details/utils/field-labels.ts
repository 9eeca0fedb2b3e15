import type { AppointmentFormValues } from '../../../components/appointment-form/appointment-form-model';

/** The order form's labels, for telling a person which fields someone else changed. */
export const FIELD_LABELS: Record<keyof AppointmentFormValues, string> = {
  name: 'Appointment name',
  date: 'Date',
  time: 'Time',
  timeTbd: 'Time TBD',
  timeZone: 'Time zone',
  street: 'Street',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  agentFee: 'Signing agent fee',
  lender: 'Lender',
  fileNumber: 'File number',
  comments: 'Additional notes',
  escrowEmail: 'Title company email',
  contactName: 'Signer name',
  contactPhone1: 'Signer phone 1',
  contactPhone2: 'Signer phone 2',
  contactEmail1: 'Signer email 1',
  contactEmail2: 'Signer email 2',
  scanBackRequired: 'Scan backs',
  transactionType: 'Transaction type',
  financeType: 'Finance type',
};
