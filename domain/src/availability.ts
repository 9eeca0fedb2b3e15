/**
 * A signing agent's availability (issue 31): how far they travel, the days they are away, a
 * pause on offers, how many signings a day they take, and which channels each kind of
 * notification reaches them on. The API, the agent app and the console read these bounds and
 * labels from here; automatic dispatch reads the stored values (api/src/modules/agents/availability.ts).
 */

export const TRAVEL_RADIUS_MILES = { min: 10, max: 250, default: 50 } as const;
export const MAX_SIGNINGS_PER_DAY = { min: 1, max: 20 } as const;
/** The lengths of "Pause offers for N hours" the agent app offers. */
export const PAUSE_OFFER_HOURS = [1, 4, 8, 24] as const;
/** An agent is not offered a signing within this many minutes of another of theirs (either side). */
export const SIGNING_GAP_MINUTES = 90;
/** An out-of-office range may not last longer than this (a typo in a year otherwise blocks offers for good). */
export const TIME_OFF_MAX_DAYS = 366;

/** The form's labels, also the names a 400 answer uses for a field. */
export const AVAILABILITY_LABELS = {
  travelRadiusMiles: 'Travel radius',
  maxSigningsPerDay: 'Maximum signings per day',
  pauseHours: 'Pause offers',
  startsOn: 'First day away',
  endsOn: 'Last day away',
  note: 'Note',
  channels: 'Notifications',
} as const;

export const CHANNELS = ['push', 'text', 'email'] as const;
export type Channel = (typeof CHANNELS)[number];
export const CHANNEL_LABELS: Record<Channel, string> = { push: 'Push', text: 'Text', email: 'Email' };

/**
 * The kinds of notification an agent chooses channels for, each a group of the notification
 * types the API writes (api/src/delivery/notify.ts). `required`: the group tells the agent
 * where to be (or not to be) for a signing, or that they will stop getting offers; at least one
 * channel stays chosen, so turning everything off cannot make an agent miss a booking or a
 * lapsed credential. Account notices (invitations, password resets, registration decisions)
 * belong to no group: they always use every channel they have.
 */
export const NOTIFICATION_GROUPS = [
  { id: 'offers', label: 'New offers', types: ['offer.new', 'offer.filled'], required: false },
  {
    id: 'assignments',
    label: 'Assignment changes',
    types: [
      'bid.accepted',
      'bid.declined',
      'assignment.changed',
      'assignment.displaced',
      'appointment.canceled',
      'appointment.status_changed',
      'appointment.updated',
      'appointment.completed',
    ],
    required: true,
  },
  { id: 'messages', label: 'Messages', types: ['note.created'], required: false },
  { id: 'payments', label: 'Payments', types: ['agent.paid'], required: false },
  // Every `credential.*` type (the expiry reminders) is in this group: see notificationGroupOf.
  { id: 'credentials', label: 'Credential reminders', types: [], required: true },
] as const satisfies readonly { id: string; label: string; types: readonly string[]; required: boolean }[];

export type NotificationGroupId = (typeof NOTIFICATION_GROUPS)[number]['id'];
export const NOTIFICATION_GROUP_IDS = NOTIFICATION_GROUPS.map((g) => g.id) as NotificationGroupId[];

/** The agent's choices as stored (agent_profiles.channel_preferences); a group not named uses every channel. */
export type ChannelPreferences = Partial<Record<NotificationGroupId, Channel[]>>;

/** The group a notification type belongs to, or null for the notices that are not the agent's to turn off. */
export function notificationGroupOf(type: string): NotificationGroupId | null {
  if (type.startsWith('credential.')) return 'credentials';
  for (const group of NOTIFICATION_GROUPS) if ((group.types as readonly string[]).includes(type)) return group.id;
  return null;
}

/** The channels of one group as the agent chose them (all three when they never chose). */
export function channelsOfGroup(preferences: unknown, group: NotificationGroupId): Channel[] {
  const stored = typeof preferences === 'object' && preferences !== null ? (preferences as Record<string, unknown>)[group] : undefined;
  if (!Array.isArray(stored)) return [...CHANNELS];
  const chosen = CHANNELS.filter((c) => stored.includes(c));
  const required = NOTIFICATION_GROUPS.find((g) => g.id === group)?.required ?? false;
  // A stored choice that breaks the rule (written before it, or by hand) reads as the default.
  return required && chosen.length === 0 ? [...CHANNELS] : chosen;
}

/** Whether a notification of `type` may use `channel` for this agent. */
export function channelAllowed(preferences: unknown, type: string, channel: Channel): boolean {
  const group = notificationGroupOf(type);
  return group === null || channelsOfGroup(preferences, group).includes(channel);
}

/** Every group with its channels, for the API's answer and the agent app's matrix. */
export function channelMatrix(preferences: unknown): Record<NotificationGroupId, Channel[]> {
  return Object.fromEntries(NOTIFICATION_GROUP_IDS.map((g) => [g, channelsOfGroup(preferences, g)])) as Record<
    NotificationGroupId,
    Channel[]
  >;
}

/** The words of a 400 for a required group left without a channel. */
export function requiredChannelMessage(group: NotificationGroupId): string {
  const label = NOTIFICATION_GROUPS.find((g) => g.id === group)!.label;
  return `${label}: keep at least one of push, text or email.`;
}

/**
 * Out-of-office ranges still to come or under way on `today` (YYYY-MM-DD), and the ones that
 * ended, which the app folds away ("past ranges kept out of the way"). Both ends are days away.
 */
export function splitTimeOff<T extends { startsOn: string; endsOn: string }>(
  ranges: readonly T[],
  today: string,
): { current: T[]; past: T[] } {
  const sorted = [...ranges].sort((a, b) => a.startsOn.localeCompare(b.startsOn) || a.endsOn.localeCompare(b.endsOn));
  return { current: sorted.filter((r) => r.endsOn >= today), past: sorted.filter((r) => r.endsOn < today).reverse() };
}

/** Whether `day` falls in one of the ranges. */
export function awayOn(ranges: readonly { startsOn: string; endsOn: string }[], day: string): boolean {
  return ranges.some((r) => r.startsOn <= day && day <= r.endsOn);
}

/** Whether offers are paused at `now` (offers_paused_until still ahead). */
export function offersPaused(pausedUntil: Date | string | null, now: Date): boolean {
  return pausedUntil !== null && new Date(pausedUntil).getTime() > now.getTime();
}
