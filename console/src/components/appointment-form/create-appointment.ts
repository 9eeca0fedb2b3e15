/**
 * POST /api/appointments for the create forms (the escrow officer's Schedule New Appointment, the
 * operators' Create New Request). Sent with an Idempotency-Key the form keeps until it has an
 * answer, so a double click or a retry after a lost answer creates one order. The lists showing
 * it refetch on the API's live event for the new order.
 */
import { useMutation } from '@tanstack/react-query';
import { api, settle } from '../../lib/api-client';
import type { CreateAppointmentBody } from './appointment-form-model';

export interface CreateAttempt {
  body: CreateAppointmentBody;
  idempotencyKey: string;
}

export function createAppointment({ body, idempotencyKey }: CreateAttempt) {
  return settle(
    api.POST('/appointments', { body, headers: { 'Idempotency-Key': idempotencyKey } }),
    (status) => `The order could not be sent (error ${status}). Please try again.`,
  );
}

export function useCreateAppointment() {
  return useMutation({ mutationFn: createAppointment });
}
