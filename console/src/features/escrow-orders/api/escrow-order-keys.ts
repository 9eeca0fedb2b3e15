import type { AppointmentStatus } from '@signingdesk/domain/codes';

/** Query keys of the escrow officer's orders (one factory for the feature). */
export interface EscrowListFilter {
  view: 'in-process' | 'completed';
  q: string;
  /** One of the view's statuses, or every one of them. */
  status: AppointmentStatus | undefined;
  sort: 'date' | 'fileNumber' | 'signerName' | 'escrowOfficer' | 'status' | 'agent';
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const escrowOrderKeys = {
  all: ['escrow-orders'] as const,
  lists: () => [...escrowOrderKeys.all, 'list'] as const,
  list: (filter: EscrowListFilter) => [...escrowOrderKeys.lists(), filter] as const,
  /** What needs the officer's action now (GET /api/escrow/appointments/needs-action). */
  needsAction: () => [...escrowOrderKeys.all, 'needs-action'] as const,
};
