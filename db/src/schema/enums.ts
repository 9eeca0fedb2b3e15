import { pgEnum } from 'drizzle-orm/pg-core';

/** Database enums. Their values mirror the code tables in domain/src/codes.ts. */
export const userStatus = pgEnum('user_status', ['active', 'pending', 'disabled']);
export const registrationStatus = pgEnum('registration_status', ['pending', 'approved', 'declined']);
export const firmKind = pgEnum('firm_kind', ['title_firm', 'independent', 'managing_organization']);
export const appointmentStatus = pgEnum('appointment_status', ['Open', 'Pending', 'Scheduled', 'Paused', 'Completed', 'Canceled']);
export const timeZoneCode = pgEnum('time_zone_code', ['ET', 'CT', 'MT', 'PT', 'HT', 'AK']);
export const offerStatus = pgEnum('offer_status', ['offered', 'claimed', 'countered', 'declined', 'approved', 'rejected', 'removed']);
/** 'credential': the photo or PDF of an agent's credential (issue 31), which belongs to no appointment. */
export const fileKind = pgEnum('file_kind', ['document', 'scan_back', 'invoice', 'credential', 'receipt']);
export const fileAction = pgEnum('file_action', ['write', 'read']);
export const contactRequestKind = pgEnum('contact_request_kind', ['contact', 'landing_notary', 'landing_title']);
export const messageChannel = pgEnum('message_channel', ['sms', 'email']);
export const campaignAction = pgEnum('campaign_action', ['enroll', 'decline']);
export const analyticsEventType = pgEnum('analytics_event_type', ['page_view', 'form_display', 'form_submit', 'ad_conversion']);
export const idempotencyState = pgEnum('idempotency_state', ['in_progress', 'done']);
export const notificationState = pgEnum('notification_state', ['pending', 'sent', 'failed']);
export const deliveryChannel = pgEnum('delivery_channel', ['push', 'email', 'sms']);
export const deliveryState = pgEnum('delivery_state', ['sent', 'failed', 'skipped']);
export const outboundState = pgEnum('outbound_state', ['held', 'queued', 'sent', 'failed']);
/** The agent record (issue 31): what a signing agent holds, and where operators stand on each. */
export const credentialKind = pgEnum('credential_kind', [
  'commission',
  'eo_insurance',
  'background_check',
  'nna_certification',
  'surety_bond',
  'w9',
]);
export const credentialReview = pgEnum('credential_review', ['pending', 'verified', 'rejected']);
/** Automatic dispatch of one order (decision 067): offering waves, on hold, stopped by an operator, filled, or out of agents or time. */
export const dispatchState = pgEnum('dispatch_state', ['running', 'paused', 'stopped', 'filled', 'exhausted']);
/** The dispatch log's entries (decision 067). */
export const dispatchEventKind = pgEnum('dispatch_event_kind', [
  'started',
  'wave',
  'offered',
  'skipped',
  'answered',
  'assigned',
  'waiting',
  'paused',
  'resumed',
  'stopped',
  'exhausted',
  'restarted',
]);
