/**
 * POST /api/appointments for the Schedule New Appointment form. Sent with an Idempotency-Key
 * the form keeps until it has an answer, so a double click or a retry after a lost answer
 * creates one order.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateAppointmentBody } from '../../../components/appointment-form/appointment-form-model';
import { api, settle } from '../../../lib/api-client';
import { escrowOrderKeys } from './escrow-order-keys';

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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointment,
    onSuccess: (outcome) => {
      if (outcome.type === 'ok') void queryClient.invalidateQueries({ queryKey: escrowOrderKeys.lists() });
    },
  });
}
