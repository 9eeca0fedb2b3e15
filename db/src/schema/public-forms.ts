import { index, jsonb, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, id } from './columns';
import { analyticsEventType, campaignAction, contactRequestKind, messageChannel } from './enums';

/**
 * What visitors send through the public site (spec 01 §2, spec 02 §2). Contact requests are
 * the operators' Feedback inbox; replies are kept beside them.
 */
export const contactRequests = pgTable(
  'contact_requests',
  {
    id: id(),
    kind: contactRequestKind('kind').notNull().default('contact'),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: varchar('phone', { length: 20 }),
    subject: text('subject'),
    comments: text('comments').notNull(),
    city: text('city'),
    state: varchar('state', { length: 2 }),
    readAt: timestamp('read_at', { withTimezone: true }),
    readBy: uuid('read_by').references(() => user.id),
    createdAt: createdAt(),
  },
  (t) => [index('contact_requests_inbox_idx').on(t.readAt, t.createdAt)],
);

export const feedbackReplies = pgTable(
  'feedback_replies',
  {
    id: id(),
    contactRequestId: uuid('contact_request_id')
      .notNull()
      .references(() => contactRequests.id, { onDelete: 'cascade' }),
    channel: messageChannel('channel').notNull(),
    message: varchar('message', { length: 320 }).notNull(),
    sentBy: uuid('sent_by')
      .notNull()
      .references(() => user.id),
    createdAt: createdAt(),
  },
  (t) => [index('feedback_replies_request_idx').on(t.contactRequestId)],
);

export const escrowRegistrations = pgTable(
  'escrow_registrations',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: varchar('phone', { length: 20 }),
    zip: varchar('zip', { length: 5 }),
    titleCompany: text('title_company').notNull(),
    comments: text('comments'),
    createdAt: createdAt(),
  },
  (t) => [index('escrow_registrations_created_idx').on(t.createdAt)],
);

export const autoAppraisalRequests = pgTable(
  'auto_appraisal_requests',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    comments: text('comments').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auto_appraisal_requests_created_idx').on(t.createdAt)],
);

/** Affiliate-banner answers (spec 01 §4: Enroll or Decline is sent to the server). */
export const campaignEnrollments = pgTable(
  'campaign_enrollments',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    campaign: text('campaign').notNull(),
    action: campaignAction('action').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('campaign_enrollments_user_idx').on(t.userId, t.campaign)],
);

/** First-party analytics (DESIGN.md: no third-party trackers). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    type: analyticsEventType('type').notNull(),
    path: text('path').notNull(),
    form: text('form'),
    visitorId: text('visitor_id'),
    userId: uuid('user_id').references(() => user.id, { onDelete: 'set null' }),
    properties: jsonb('properties').$type<Record<string, string | number | boolean>>(),
    createdAt: createdAt(),
  },
  (t) => [index('analytics_events_type_created_idx').on(t.type, t.createdAt)],
);
