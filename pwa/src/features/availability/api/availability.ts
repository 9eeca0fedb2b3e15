/**
 * The agent's availability (GET/PUT /api/agents/me/availability, the pause and the days away).
 * Unlike the profile these are not queued in the outbox: a change is sent at once and needs a
 * connection (the screen says so offline), so an agent never believes a pause is on when it
 * is not. Every answer is the whole availability and replaces the cached one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answer, api, type Schemas } from '../../../lib/api-client';

export type Availability = Schemas['Availability'];
export type AvailabilityBody = Schemas['UpdateAvailability'];

export const availabilityKeys = {
  all: ['availability'] as const,
  me: (userId: string) => [...availabilityKeys.all, userId] as const,
};

export function useAvailability(userId: string) {
  return useQuery({
    queryKey: availabilityKeys.me(userId),
    queryFn: ({ signal }) => answer(api.GET('/agents/me/availability', { signal })),
  });
}

/** One change to the availability; its answer becomes the cached availability. */
function useAvailabilityChange<T>(userId: string, send: (input: T) => Promise<Availability>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // Sent now or refused now: offline it fails at once (NetworkError) rather than waiting, paused, for the network.
    networkMode: 'always',
    onSuccess: (availability) => queryClient.setQueryData(availabilityKeys.me(userId), availability),
  });
}

export const useSaveAvailability = (userId: string) =>
  useAvailabilityChange(userId, (body: AvailabilityBody) => answer(api.PUT('/agents/me/availability', { body })));

export const usePauseOffers = (userId: string) =>
  useAvailabilityChange(userId, (hours: number | null) =>
    hours === null
      ? answer(api.DELETE('/agents/me/availability/pause', {}))
      : answer(api.PUT('/agents/me/availability/pause', { body: { hours } })),
  );

export const useAddTimeOff = (userId: string) =>
  useAvailabilityChange(userId, (body: Schemas['AddTimeOff']) => answer(api.POST('/agents/me/availability/time-off', { body })));

export const useRemoveTimeOff = (userId: string) =>
  useAvailabilityChange(userId, (id: string) => answer(api.DELETE('/agents/me/availability/time-off/{id}', { params: { path: { id } } })));
