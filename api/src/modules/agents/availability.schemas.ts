/**
 * Request and response schemas of a signing agent's availability (issue 31): travel radius,
 * maximum signings per day, the pause on offers, out-of-office ranges and the channels per kind
 * of notification. Bounds, labels and groups come from domain/src/availability.ts; each message
 * names its field as the agent app's form labels it.
 */
import { z } from '@hono/zod-openapi';
import {
  AVAILABILITY_LABELS as LABEL,
  CHANNELS,
  MAX_SIGNINGS_PER_DAY,
  NOTIFICATION_GROUP_IDS,
  PAUSE_OFFER_HOURS,
  TRAVEL_RADIUS_MILES,
  type NotificationGroupId,
} from '@signingdesk/domain/availability';

const RADIUS_MESSAGE = `${LABEL.travelRadiusMiles} must be a whole number of miles from ${TRAVEL_RADIUS_MILES.min} to ${TRAVEL_RADIUS_MILES.max}`;
const MAX_PER_DAY_MESSAGE = `${LABEL.maxSigningsPerDay} must be empty (no limit) or a whole number from ${MAX_SIGNINGS_PER_DAY.min} to ${MAX_SIGNINGS_PER_DAY.max}`;
const PAUSE_MESSAGE = `${LABEL.pauseHours} must be one of ${PAUSE_OFFER_HOURS.join(', ')} hours`;
const CHANNELS_MESSAGE = `${LABEL.channels}: each kind takes push, text and email, or fewer`;
const dateMessage = (label: string) => `${label} must be a date as MM/DD/YYYY`;
const NOTE_MAX = 200;

const wholeIn = (min: number, max: number, message: string) =>
  z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });

const channelList = z
  .array(z.enum(CHANNELS, { error: CHANNELS_MESSAGE }), { error: CHANNELS_MESSAGE })
  .max(CHANNELS.length, { error: CHANNELS_MESSAGE });

/** One list of channels per kind of notification; every kind is sent each time (the matrix as a whole). */
const channelsShape = Object.fromEntries(NOTIFICATION_GROUP_IDS.map((g) => [g, channelList])) as Record<
  NotificationGroupId,
  typeof channelList
>;
const ChannelsSchema = z
  .object(channelsShape, { error: CHANNELS_MESSAGE })
  .strict()
  .openapi('NotificationChannels', {
    description: 'Per kind of notification (domain/src/availability.ts NOTIFICATION_GROUPS), the channels it reaches the agent on.',
    example: {
      offers: ['push', 'text'],
      assignments: ['push', 'text', 'email'],
      messages: ['push'],
      payments: ['email'],
      credentials: ['email'],
    },
  });

export const UpdateAvailabilitySchema = z
  .object({
    travelRadiusMiles: wholeIn(TRAVEL_RADIUS_MILES.min, TRAVEL_RADIUS_MILES.max, RADIUS_MESSAGE).openapi({ example: 50 }),
    maxSigningsPerDay: wholeIn(MAX_SIGNINGS_PER_DAY.min, MAX_SIGNINGS_PER_DAY.max, MAX_PER_DAY_MESSAGE)
      .nullable()
      .openapi({ example: 3, description: 'null: no limit' }),
    channels: ChannelsSchema,
  })
  .strict()
  .openapi('UpdateAvailability');
export type UpdateAvailabilityInput = z.infer<typeof UpdateAvailabilitySchema>;

export const PauseOffersSchema = z
  .object({
    hours: z
      .number({ error: PAUSE_MESSAGE })
      .refine((h) => (PAUSE_OFFER_HOURS as readonly number[]).includes(h), { error: PAUSE_MESSAGE })
      .openapi({ example: 4, description: `One of ${PAUSE_OFFER_HOURS.join(', ')}` }),
  })
  .strict()
  .openapi('PauseOffers');

const isoDate = (label: string) =>
  z
    .string({ error: dateMessage(label) })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: dateMessage(label) })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      error: dateMessage(label),
    })
    .openapi({ example: '2030-12-20', description: 'YYYY-MM-DD (the form shows MM/DD/YYYY)' });

export const AddTimeOffSchema = z
  .object({
    startsOn: isoDate(LABEL.startsOn),
    endsOn: isoDate(LABEL.endsOn),
    note: z
      .string({ error: `${LABEL.note} must be text` })
      .trim()
      .max(NOTE_MAX, { error: `${LABEL.note} must be at most ${NOTE_MAX} characters` })
      .nullish()
      .transform((v) => (v ? v : null)),
  })
  .strict()
  .openapi('AddTimeOff');
export type AddTimeOffInput = z.infer<typeof AddTimeOffSchema>;

export const TimeOffIdParamSchema = z.object({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, description: 'Out-of-office range id (UUID)' }),
});

const TimeOffSchema = z
  .object({ id: z.string(), startsOn: z.string(), endsOn: z.string(), note: z.string().nullable() })
  .openapi('TimeOff');

export const AvailabilitySchema = z
  .object({
    agentId: z.string(),
    travelRadiusMiles: z.number().int(),
    maxSigningsPerDay: z.number().int().nullable(),
    /** Null when offers are not paused (a pause that ended reads as none). */
    offersPausedUntil: z.string().nullable().openapi({ description: 'ISO instant; null when offers are not paused' }),
    /** The agent's own zone (home state), in which the app shows the pause's end. */
    timeZone: z.string().openapi({ example: 'America/Chicago', description: 'IANA zone of the agent’s home state' }),
    timeOff: z.object({
      /** Under way or still to come, soonest first. */
      current: z.array(TimeOffSchema),
      /** Ended, latest first (the app folds them away). */
      past: z.array(TimeOffSchema),
    }),
    channels: ChannelsSchema,
    /** Whether texts can reach the agent at all (opted in, with a mobile number). */
    textsEnabled: z.boolean(),
  })
  .openapi('Availability');
export type Availability = z.infer<typeof AvailabilitySchema>;
