/**
 * What each notification says, per type and recipient, and how it is cut to each channel's
 * limits (spec 02 §8: text messages ≤ 320 characters, emails to agents ≤ 140). Pure: the
 * worker loads the facts, this module only writes words.
 *
 * Privacy: before an agent is assigned, the texts name only what the offer preview shows
 * (city, state, date, time, fee) — never the appointment name, which may carry a signer's
 * name, the street or any contact.
 *
 * Values people typed are data, never lines of their own: every text is one line per
 * sentence (line breaks, tabs and invisible characters cannot add lines or headers or turn
 * text around), a person's name appears only when it passes the product's name rule
 * (domain/person-name.ts) and reads as a neutral word otherwise, and free text (order and
 * file names, notes, a company) loses any web address, so no one can write a link into a
 * message sent from our address. Emails are plain text: there is no HTML part to escape.
 */
import { appointmentFieldLabels, appointmentFieldOf } from '@signingdesk/domain/appointment-fields';
import { REMINDERS } from '@signingdesk/domain/reminders';
import type { AppointmentStatus } from '@signingdesk/domain/codes';
import { AGENT_CREDENTIALS_PATH, deepLink, type LinkFocus } from '@signingdesk/domain/deep-links';
import { formatCents } from '@signingdesk/domain/money';
import { isPersonName } from '@signingdesk/domain/person-name';
import type { Role } from '@signingdesk/domain/roles';
import { formatTime, formatUsDate, type TimeZoneCode } from '@signingdesk/domain/time-zones';
import { withoutInvisibleCharacters } from '@signingdesk/domain/text';
import { OPERATORS_NAME } from '../lib/people';
import type { NotificationType, StoredNotification, StoredPayloads } from './notify';

export const SMS_MAX_LENGTH = 320;
export const AGENT_EMAIL_MAX_LENGTH = 140;
const PUSH_TITLE_MAX_LENGTH = 64;
const PUSH_BODY_MAX_LENGTH = 180;

/** Emailed always, only when no push reached a device, or never. */
export type EmailPolicy = 'always' | 'fallback' | 'never';

export interface AppointmentFacts {
  id: string;
  name: string;
  city: string;
  state: string;
  date: string;
  time: string;
  timeTbd: boolean;
  timeZone: TimeZoneCode;
  agentFeeCents: number;
  assignedAgentId: string | null;
  fileNumber: string | null;
  /** The signing terms in one line (domain signingTermsShort), which an offer states before it is claimed (issue 33). */
  termsShort?: string | null;
}

export interface Recipient {
  id: string;
  name: string;
  role: Role;
}

export interface NotificationFacts {
  /** The job as read back (delivery/notify.ts `readNotification`); null for a type without words. */
  notification: StoredNotification | null;
  recipient: Recipient;
  appointment: AppointmentFacts | null;
  /** Names of users the payload refers to (payload.agentId), by id. */
  names: Readonly<Record<string, string>>;
}

/** What one type's renderer is given: its own payload, typed. */
interface RenderFacts<T extends NotificationType> extends Omit<NotificationFacts, 'notification'> {
  payload: StoredPayloads[T];
}

/** What a payload may repeat about its order; the appointment's own facts stand in for what it does not. */
interface OrderFacts {
  name?: string;
  city?: string;
  state?: string;
  date?: string;
  time?: string;
  timeZone?: string;
  fee?: string;
}

/** The words of one notification before they are cut to a channel. */
export interface Message {
  /** Push title and email subject. */
  title: string;
  /** One or two sentences: the push body, the text message and the agent's short email. */
  body: string;
  /** Extra lines for the full email to escrow officers and operators. */
  details?: string[];
  /** A compact version for agents' emails, which must fit 140 characters with the link. */
  short?: string;
  email: EmailPolicy;
  /** Sent as a text message to agents who opted in. */
  sms: boolean;
  /** Pushed to the recipient's devices unless false (account emails carry a link a push would not). */
  push?: boolean;
  /** Push only when the device is asked to wake now (new offers). */
  urgent?: boolean;
  /** An absolute link to use instead of the recipient's portal (an invitation's set-password page). */
  link?: string;
  /** The words before the link in a full email; default 'Open it in SigningDesk'. */
  linkLabel?: string;
  /** A page of the recipient's app to open instead of the order's (an expiry reminder: the credentials screen). */
  path?: string;
}

export interface ChannelTexts {
  /** Null when the notification is not pushed. */
  push: { title: string; body: string; url: string; ttlSeconds: number; urgency: 'high' | 'normal' } | null;
  email: { policy: EmailPolicy; subject: string; text: string };
  sms: string | null;
}

const DAY = 24 * 60 * 60;
export const OFFER_PUSH_TTL_SECONDS = DAY;
export const PUSH_TTL_SECONDS = 3 * DAY;

/** Free text is cut here before a channel cuts the whole message. */
const FREE_TEXT_MAX_LENGTH = 200;
const WEB_ADDRESS = /(?:\b[a-z][a-z0-9+.-]*:\/\/|\bwww\.)\S*/gi;

/** Line breaks and tabs become a space, invisible characters go, runs of spaces become one. */
function oneLine(value: string): string {
  return withoutInvisibleCharacters(value).replace(/\s+/g, ' ').trim();
}

const text = (value: string | null | undefined): string | null => (value && oneLine(value) !== '' ? oneLine(value) : null);

/** Text a user typed (an order or file name, notes, a company): one line, no web address. */
function freeText(value: string): string {
  return clip(oneLine(value).replace(WEB_ADDRESS, '[link removed]'), FREE_TEXT_MAX_LENGTH);
}

/** A person's name when it passes the product's name rule; anything else (older data) reads as `fallback`. */
function personName(value: string | null | undefined, fallback: string): string {
  const name = value ? oneLine(value) : '';
  return name !== '' && isPersonName(name) ? name : fallback;
}

/** The payload's set-password link, only when it is a web address (never `javascript:` or a bare path). */
function setPasswordLink(payload: { link?: string }): { link?: string } {
  const link = text(payload.link);
  return link && /^https?:\/\//.test(link) ? { link } : {};
}

function where(a: AppointmentFacts | null, payload: OrderFacts): string {
  const city = text(payload.city) ?? a?.city;
  const state = text(payload.state) ?? a?.state;
  return city && state ? `${city}, ${state}` : 'your area';
}

function when(a: AppointmentFacts | null, payload: OrderFacts): string {
  const date = text(payload.date) ?? a?.date;
  if (!date) return 'a date to be confirmed';
  const rawTime = text(payload.time) ?? (a ? (a.timeTbd ? 'TBD' : a.time) : 'TBD');
  const zone = text(payload.timeZone) ?? a?.timeZone ?? '';
  const time = rawTime === 'TBD' ? 'time TBD' : `${formatTime(rawTime)} ${zone}`.trim();
  return `${formatUsDate(date)} ${time}`;
}

function day(a: AppointmentFacts | null, payload: OrderFacts): string {
  const date = text(payload.date) ?? a?.date;
  return date ? formatUsDate(date) : 'the scheduled date';
}

function fee(a: AppointmentFacts | null, payload: OrderFacts): string | null {
  return text(payload.fee) ?? (a ? formatCents(a.agentFeeCents) : null);
}

function nameOf(a: AppointmentFacts | null, payload: OrderFacts): string {
  const name = freeText(text(payload.name) ?? a?.name ?? '');
  return name || 'your order';
}

function fileNumberLines(a: AppointmentFacts | null): string[] {
  const fileNumber = a?.fileNumber ? freeText(a.fileNumber) : '';
  return fileNumber ? [`File number: ${fileNumber}`] : [];
}

/**
 * The changed fields as the order form labels them (domain/appointment-fields.ts). An agent never
 * hears about the firm's fee: it is between the firm and the operators.
 */
function changedLabels(fields: readonly string[], role: Role): string[] {
  return appointmentFieldLabels(role === 'notary' ? fields.filter((f) => appointmentFieldOf(f) !== 'firmFee') : fields);
}

const STATUS_WORDS: Record<AppointmentStatus, { title: string; shown: string }> = {
  Paused: { title: 'Order on hold', shown: 'on hold' },
  Open: { title: 'Order reopened', shown: 'open again' },
  Pending: { title: 'Order reopened', shown: 'open again, with bids pending' },
  Scheduled: { title: 'Order scheduled', shown: 'scheduled' },
  Completed: { title: 'Order completed', shown: 'completed' },
  Canceled: { title: 'Order canceled', shown: 'canceled' },
};

type Renderer<T extends NotificationType> = (facts: RenderFacts<T>) => Message;
type UpdateFacts<E> = RenderFacts<'appointment.updated'> & { payload: Extract<StoredPayloads['appointment.updated'], { event: E }> };

/** An order edit: which fields changed, the firm's fee left out for agents. */
const orderUpdated = ({ appointment: a, payload, recipient }: RenderFacts<'appointment.updated'>): Message => {
  const labels = changedLabels(payload.event === undefined ? (payload.changedFields ?? []) : [], recipient.role);
  const changed = labels.length > 0 ? `: ${labels.join(', ')} changed` : ' was updated';
  return {
    title: 'Order updated',
    short: `Updated${labels.length ? ` (${labels.join(', ')})` : ''}: ${where(a, payload)} ${when(a, payload)}.`,
    body: `${nameOf(a, payload)}${changed}. Now ${when(a, payload)} in ${where(a, payload)}.`,
    details: ['Open the order to see the details.'],
    email: 'always',
    sms: true,
  };
};

/**
 * Order updates the files module marks with an `event`: uploads, flags and invoices. The agent's
 * documents come as one notice for the lot (documents-notice.ts): how many, and "updated" when
 * they came after the agent had downloaded the order's documents (a redraw to print again).
 */
const fileUploaded = ({ appointment: a, payload, recipient }: UpdateFacts<'documents'>): Message => {
  const scanBack = payload.kind === 'scan_back';
  const fileName = (text(payload.fileName) && freeText(payload.fileName!)) || (scanBack ? 'A scan-back' : 'A document');
  const count = typeof payload.count === 'number' && payload.count > 1 ? payload.count : 1;
  const updated = !scanBack && payload.updated === true;
  const what = count > 1 ? `${count} documents were` : `${fileName} was`;
  return {
    title: scanBack ? 'Scan-backs uploaded' : updated ? 'Documents updated' : count > 1 ? 'New documents' : 'New document',
    body: updated
      ? `${what} updated for ${nameOf(a, payload)} (${day(a, payload)}) after you downloaded the documents. Download and print them again.`
      : `${what} uploaded to ${nameOf(a, payload)} (${day(a, payload)}).`,
    short: `${updated ? 'Updated documents' : `New ${scanBack ? 'scan-back' : count > 1 ? 'documents' : 'document'}`}: ${where(a, payload)} ${day(a, payload)}.`,
    email: recipient.role === 'admin' || recipient.role === 'sub_admin' ? 'fallback' : 'always',
    sms: true,
  };
};

const uploadsApproved = ({ appointment: a, payload }: UpdateFacts<'uploads_approved'>): Message => ({
  title: 'Uploads approved',
  body: `The uploads for ${nameOf(a, payload)} (${day(a, payload)}) were approved.`,
  short: `Uploads approved: ${where(a, payload)} ${day(a, payload)}.`,
  email: 'always',
  sms: false,
});

const documentsReady = ({ appointment: a, payload }: UpdateFacts<'documents_ready'>): Message => ({
  title: 'Documents ready',
  short: `Documents ready: ${where(a, payload)} ${day(a, payload)}.`,
  body: `The documents for ${nameOf(a, payload)} (${day(a, payload)}) are ready to download.`,
  email: 'always',
  sms: true,
});

const invoiceSent = ({ appointment: a, payload }: UpdateFacts<'invoice'>): Message => {
  const amount = text(payload.amount);
  return {
    title: `Invoice for ${nameOf(a, payload)}`,
    body: `Your invoice for ${nameOf(a, payload)} (${day(a, payload)})${amount ? `, ${amount},` : ''} is attached and in SigningDesk.`,
    email: 'always',
    sms: false,
  };
};

/** One renderer per notification type; a type without one fails the type-check. */
export const RENDERERS: { [T in NotificationType]: Renderer<T> } = {
  'offer.new': ({ appointment: a, payload }) => {
    const amount = fee(a, payload);
    const reserved = payload.reservedMinutes ? ` · reserved for you for ${payload.reservedMinutes} min` : '';
    const terms = a?.termsShort ? ` · ${a.termsShort}` : '';
    return {
      title: payload.reservedMinutes ? 'Signing reserved for you' : 'New signing near you',
      body: `${where(a, payload)} · ${when(a, payload)}${amount ? ` · ${amount}` : ''}${reserved}${terms}`,
      email: 'fallback',
      sms: true,
      urgent: true,
    };
  },
  'offer.filled': ({ appointment: a, payload }) => ({
    title: 'Signing filled',
    body: `The signing in ${where(a, payload)} on ${day(a, payload)} went to another agent. Thank you for your time.`,
    email: 'never',
    sms: false,
  }),
  'dispatch.needs_operator': ({ appointment: a, payload }) => ({
    title: 'Order needs an agent',
    body: `${nameOf(a, payload)} (${day(a, payload)}): ${text(payload.reason) ?? 'dispatch needs an operator.'}`,
    email: 'fallback',
    sms: false,
  }),
  'dispatch.restarted': ({ appointment: a, payload }) => ({
    title: 'Finding another signing agent',
    body: `${text(payload.agent) ?? 'The signing agent'} can no longer sign ${nameOf(a, payload)} (${day(a, payload)}). SigningDesk is finding another signing agent.`,
    email: 'always',
    sms: false,
  }),
  'bid.accepted': ({ appointment: a, payload }) => ({
    title: 'Your bid was accepted',
    short: `Bid accepted: ${where(a, payload)} ${when(a, payload)}${fee(a, payload) ? `, ${fee(a, payload)}` : ''}.`,
    body: `You are assigned to ${nameOf(a, payload)} in ${where(a, payload)}, ${when(a, payload)}${fee(a, payload) ? `, for ${fee(a, payload)}` : ''}.`,
    email: 'always',
    sms: true,
  }),
  'bid.declined': ({ appointment: a, payload }) => ({
    title: 'Your bid was not accepted',
    short: `Bid not accepted: ${where(a, payload)} ${day(a, payload)}. Thank you for your offer.`,
    body: `The signing in ${where(a, payload)} on ${day(a, payload)} went to another agent. Thank you for your offer.`,
    email: 'always',
    sms: true,
  }),
  'assignment.changed': ({ appointment: a, payload, recipient, names }) => {
    if (recipient.role === 'notary') {
      return {
        title: 'You have been assigned a signing',
        short: `Assigned to you: ${where(a, payload)} ${when(a, payload)}${fee(a, payload) ? `, ${fee(a, payload)}` : ''}.`,
        body: `You are assigned to ${nameOf(a, payload)} in ${where(a, payload)}, ${when(a, payload)}${fee(a, payload) ? `, for ${fee(a, payload)}` : ''}.`,
        email: 'always',
        sms: true,
      };
    }
    const agentId = text(payload.agentId);
    const agent = personName(agentId ? names[agentId] : null, 'A signing agent');
    return {
      title: 'Signing agent assigned',
      body: `${agent} is assigned to ${nameOf(a, payload)} (${when(a, payload)}).`,
      details: fileNumberLines(a),
      email: 'always',
      sms: false,
    };
  },
  'assignment.displaced': ({ appointment: a, payload }) => {
    const notes = text(payload.notes) ? freeText(payload.notes!) : null;
    return {
      title: 'You are no longer assigned',
      short: `Removed from the signing in ${where(a, payload)} ${day(a, payload)}.${notes ? ` ${notes}` : ''}`,
      body: `You were removed from the signing in ${where(a, payload)} on ${day(a, payload)}.${notes ? ` Note from the SigningDesk team: ${notes}` : ''}`,
      email: 'always',
      sms: true,
    };
  },
  'appointment.updated': (facts) => {
    const { payload } = facts;
    switch (payload.event) {
      case 'documents':
        return fileUploaded({ ...facts, payload });
      case 'documents_ready':
        return documentsReady({ ...facts, payload });
      case 'uploads_approved':
        return uploadsApproved({ ...facts, payload });
      case 'invoice':
        return invoiceSent({ ...facts, payload });
      default:
        return orderUpdated(facts);
    }
  },
  'appointment.status_changed': ({ appointment: a, payload }) => {
    const words = payload.to ? STATUS_WORDS[payload.to] : { title: 'Order status changed', shown: 'changed' };
    return {
      title: words.title,
      short: `${where(a, payload)} ${day(a, payload)} is now ${words.shown}.`,
      body: `${nameOf(a, payload)} (${day(a, payload)}) is now ${words.shown}.`,
      email: 'always',
      sms: true,
    };
  },
  'appointment.canceled': ({ appointment: a, payload, recipient }) => {
    // Bidders were never assigned: they hear about the place and day only.
    const assigned = recipient.role !== 'notary' || a?.assignedAgentId === recipient.id;
    return {
      title: 'Order canceled',
      short: `Canceled: ${where(a, payload)} ${day(a, payload)}.`,
      body: assigned
        ? `${nameOf(a, payload)} (${day(a, payload)}) was canceled.`
        : `The signing in ${where(a, payload)} on ${day(a, payload)} was canceled and is no longer open for offers.`,
      email: 'always',
      sms: true,
    };
  },
  'appointment.completed': ({ appointment: a, payload, recipient, names }) => {
    // An operator's completion is SigningDesk's to the escrow side (lib/people.ts), never the agent's.
    const agent =
      payload.by === 'operator' ? OPERATORS_NAME : personName(a?.assignedAgentId ? names[a.assignedAgentId] : null, 'The signing agent');
    const scanBacks = payload.scanBackRequired === true;
    return {
      title: 'Signing completed',
      short: `Marked complete: ${where(a, payload)} ${day(a, payload)}.${scanBacks ? ' Please upload the scan-backs.' : ''}`,
      body:
        recipient.role === 'notary'
          ? `${nameOf(a, payload)} (${day(a, payload)}) is marked complete.${scanBacks ? ' Please upload the scan-backs.' : ''}`
          : `${agent} marked ${nameOf(a, payload)} (${day(a, payload)}) complete.${scanBacks ? ' Scan-backs are required.' : ''}`,
      email: 'always',
      sms: recipient.role === 'notary',
    };
  },
  'appointment.not_signed': ({ appointment: a, payload, names }) => {
    const agent =
      payload.by === 'operator' ? OPERATORS_NAME : personName(a?.assignedAgentId ? names[a.assignedAgentId] : null, 'The signing agent');
    const note = text(payload.note);
    const reschedule = text(payload.reschedule);
    return {
      title: 'Signer did not sign',
      body: `${agent} reports that the signer did not sign ${nameOf(a, payload)} (${day(a, payload)}): ${text(payload.reason) ?? 'no reason given'}.${note ? ` ${freeText(note)}` : ''} Trip fee ${text(payload.fee) ?? ''}.${reschedule ? ` ${freeText(reschedule)}` : ''}`,
      email: 'always',
      sms: false,
    };
  },
  'appointment.signer_confirmation': ({ payload }) => {
    const note = text(payload.note);
    const title =
      payload.result === 'confirmed'
        ? 'Signer confirmed'
        : payload.result === 'reschedule'
          ? 'Signer asked to reschedule'
          : 'Signer not reached';
    return {
      title,
      body: `${freeText(text(payload.line) ?? '')} — ${text(payload.name) ?? 'the order'}.${note ? ` ${freeText(note)}` : ''}`,
      email: payload.result === 'confirmed' ? 'fallback' : 'always',
      sms: false,
    };
  },
  'appointment.reminder': ({ appointment: a, payload, recipient }) => {
    const rule = payload.kind ? REMINDERS[payload.kind] : { title: 'Reminder', body: 'A reminder about your signing.' };
    const address = text(payload.address);
    const maps = text(payload.mapsUrl);
    const agent = recipient.role === 'notary';
    return {
      title: rule.title,
      body: `${rule.body} ${nameOf(a, payload)}, ${when(a, payload)}${address ? `, ${freeText(address)}` : ''}.`,
      ...(maps && /^https:\/\//.test(maps) ? { details: [`Directions: ${maps}`] } : {}),
      short: `${rule.title}: ${when(a, payload)}.`,
      email: agent ? 'fallback' : 'always',
      sms: agent,
    };
  },
  'appointment.originals_shipped': ({ payload }) => ({
    title: 'Originals shipped',
    body: `${freeText(text(payload.line) ?? '')} — ${text(payload.name) ?? 'the order'}.`,
    // A drop-off receipt's photo has no tracking page: it is on the order page (RECEIPT.label).
    details: [
      text(payload.trackingUrl)
        ? `Track the shipment: ${text(payload.trackingUrl)}`
        : 'The photo of the drop-off receipt is with the order.',
    ],
    email: 'always',
    sms: false,
  }),
  'appointment.bid_received': ({ appointment: a, payload }) => {
    const agent = personName(payload.agent, 'An agent');
    const bid = text(payload.bid);
    const verb = payload.kind === 'countered' ? 'countered' : 'claimed';
    return {
      title: payload.kind === 'countered' ? 'New counter offer' : 'New claim',
      body: `${agent} ${verb}${bid ? ` at ${bid}` : ''} on ${nameOf(a, payload)} (${day(a, payload)}).`,
      email: 'fallback',
      sms: false,
    };
  },
  'appointment.created': ({ appointment: a, payload }) => ({
    title: 'New order',
    body: `${nameOf(a, payload)}: ${where(a, payload)}, ${when(a, payload)}. Review it and send it to agents.`,
    details: fileNumberLines(a),
    email: 'fallback',
    sms: false,
  }),
  'agent.paid': ({ appointment: a, payload }) => {
    // Jobs written before the amount was in the payload fall back to the order's agent fee (its pay).
    const amount = text(payload.amount) ?? (a ? formatCents(a.agentFeeCents) : null);
    return {
      title: 'Payment sent',
      short: `Paid${amount ? ` ${amount}` : ''}: ${where(a, payload)} ${day(a, payload)}.`,
      body: `You were marked paid${amount ? ` ${amount}` : ''} for ${nameOf(a, payload)} (${day(a, payload)}).`,
      email: 'always',
      sms: false,
    };
  },
  'note.created': ({ appointment: a, payload }) => {
    const author = personName(payload.authorName, 'Someone');
    return {
      title: 'New message',
      short: `New message from ${author}: ${where(a, payload)} ${day(a, payload)}.`,
      body: `${author} wrote on ${nameOf(a, payload)} (${day(a, payload)}). Open the order to read it.`,
      email: 'always',
      sms: true,
    };
  },
  'registration.approved': () => ({
    title: 'Your registration is approved',
    short: 'Your SigningDesk registration is approved. Welcome!',
    body: 'Welcome to SigningDesk! You can now receive and claim signings near you.',
    email: 'always',
    sms: true,
  }),
  'credential.expiring': ({ payload }) => {
    const credential = text(payload.credential) ? freeText(payload.credential!) : 'One of your credentials';
    const expires = text(payload.expiresOn);
    const on = expires && /^\d{4}-\d{2}-\d{2}$/.test(expires) ? formatUsDate(expires) : null;
    const today = payload.daysBefore === 0;
    const days = payload.daysBefore ?? null;
    const lapse = today
      ? `expires today${on ? ` (${on})` : ''}`
      : `expires${on ? ` on ${on}` : ' soon'}${days ? `, in ${days} ${days === 1 ? 'day' : 'days'}` : ''}`;
    return {
      title: today ? 'A credential expires today' : 'A credential expires soon',
      body: `${credential} ${lapse}. Renew it in your profile to keep receiving signings.`,
      short: `${credential} ${lapse}. Renew it:`,
      email: 'always',
      sms: true,
      path: AGENT_CREDENTIALS_PATH,
      linkLabel: 'Renew it in SigningDesk',
    };
  },
  // A signing agent registered (agents.registration.ts): told it arrived, and what comes next.
  'registration.received': ({ payload }) => ({
    title: 'We received your registration',
    body: 'Thank you for registering as a signing agent with SigningDesk. Your registration is being reviewed; we will email you as soon as it is approved.',
    short: 'We received your SigningDesk registration and will email you once it is approved:',
    email: 'always',
    sms: false,
    push: false,
    ...setPasswordLink(payload),
    linkLabel: 'Log in',
  }),
  'registration.agent': ({ payload }) => {
    const name = personName(payload.name, 'A signing agent');
    const city = text(payload.city) ? freeText(payload.city!) : null;
    const state = text(payload.state);
    const place = [city, state].filter(Boolean).join(', ');
    return {
      title: 'New signing agent registration',
      body: `${name}${place ? ` (${place})` : ''} registered as a signing agent and waits for review.`,
      details: ['Approve or decline it under Pending Signing Agents.'],
      email: 'always',
      sms: false,
      linkLabel: 'Open SigningDesk',
    };
  },
  'registration.escrow': ({ payload }) => {
    const email = text(payload.email) ?? 'Someone';
    const company = text(payload.titleCompany) ? freeText(payload.titleCompany!) : null;
    return {
      title: 'New escrow officer registration',
      body: `${email}${company ? ` (${company})` : ''} asked for an escrow officer account.`,
      details: ['Create the account with Create New User; the invitation goes out from there.'],
      email: 'always',
      sms: false,
    };
  },
  'user.invited': ({ payload }) => {
    const expires = text(payload.expiresAt);
    return {
      title: 'Your SigningDesk account',
      body: `You have been invited to SigningDesk. Set your password to sign in${expires ? `; the link expires on ${formatUsDate(expires.slice(0, 10))}` : ''}.`,
      short: 'Your SigningDesk account is ready. Set your password:',
      email: 'always',
      sms: false,
      ...setPasswordLink(payload),
      linkLabel: 'Set your password',
    };
  },
  'user.password_reset': ({ payload }) => ({
    title: 'Reset your SigningDesk password',
    body: 'Someone asked to reset the password of your SigningDesk account. The link below lets you choose a new one and expires in one hour. If it was not you, ignore this email: your password stays as it is.',
    short: 'Choose a new password within 1 hour. Not you? Ignore it:',
    email: 'always',
    sms: false,
    push: false,
    ...setPasswordLink(payload),
    linkLabel: 'Choose a new password',
  }),
  // Someone registered as a signing agent with an email that has an account (agents.registration.ts).
  'user.registration_attempted': ({ payload }) => ({
    title: 'Someone tried to register with your email',
    body: 'Someone tried to register as a signing agent on SigningDesk with this email address, which already has an account, so nothing was created or changed. If it was you, log in with your password, or choose a new one with "Forgot password?" on the login page. If it was not you, you can ignore this email.',
    short: 'Someone tried to register with this email; it has an account. Log in or reset your password:',
    email: 'always',
    sms: false,
    push: false,
    ...setPasswordLink(payload),
    linkLabel: 'Log in',
  }),
  // An escrow officer or org admin added an email that has an account elsewhere (users.service.ts).
  'user.addition_attempted': ({ payload }) => ({
    title: `${payload.firmName} tried to add you to SigningDesk`,
    body: `Someone at ${payload.firmName} tried to add this email address to their firm on SigningDesk. It already has a SigningDesk account, so nothing was created or changed, and they were not told that you have one. If you have moved to ${payload.firmName}, ask the SigningDesk team to move your account. If not, you can ignore this email.`,
    short: `${payload.firmName} tried to add this email to SigningDesk; it has an account. Log in:`,
    email: 'always',
    sms: false,
    push: false,
    ...setPasswordLink(payload),
    linkLabel: 'Log in',
  }),
  // A password was set through an invitation or reset link (password-resets/set-password.ts).
  'user.password_changed': ({ payload }) => ({
    title: 'Your SigningDesk password was changed',
    body: 'The password of your SigningDesk account was just changed, and every device signed in to it was signed out. If it was you, there is nothing more to do. If it was not you, choose a new password with "Forgot password?" on the login page at once and tell the SigningDesk team.',
    short: 'Your SigningDesk password was changed and every device signed out. Not you? Reset it now:',
    email: 'always',
    sms: false,
    push: false,
    ...setPasswordLink(payload),
    linkLabel: 'Log in',
  }),
  'registration.declined': () => ({
    title: 'Your registration was not approved',
    body: 'Your SigningDesk registration was not approved. Reply to this email if you have questions.',
    email: 'always',
    sms: false,
  }),
  // An operator rejected a credential (credentials.service.ts): what, why, and where to send a new one.
  'credential.rejected': ({ payload }) => {
    const what = text(payload.credential) ?? 'credential';
    const why = payload.reason ? freeText(payload.reason) : 'see SigningDesk';
    return {
      title: `Your ${what} was not accepted`,
      body: `Your ${what} was rejected: ${why}. Renew it under Profile › Credentials in the app.`,
      short: `Your ${what} was rejected: ${why}. Renew it in Profile › Credentials:`,
      email: 'always',
      sms: true,
    };
  },
  'webhook.endpoint_disabled': ({ payload }) => ({
    title: 'A webhook endpoint was turned off',
    body: `Every delivery to ${text(payload.url) ?? 'your webhook endpoint'} has failed for 3 days, so SigningDesk turned it off. Fix the endpoint, then turn it on again in the portal’s Integrations tab; the events missed meanwhile can be sent again from its delivery log.`,
    email: 'always',
    sms: false,
  }),
};

/** A type nobody wrote words for (a job of a newer version) still reaches its recipient: never silently dropped. */
const fallbackMessage = (a: AppointmentFacts | null): Message => ({
  title: 'SigningDesk update',
  body: a ? `There is an update on ${nameOf(a, {})} (${day(a, {})}).` : 'There is an update for you in SigningDesk.',
  email: 'always',
  sms: false,
});

function render<T extends NotificationType>(type: T, payload: StoredPayloads[T], facts: NotificationFacts): Message {
  return RENDERERS[type]({ recipient: facts.recipient, appointment: facts.appointment, names: facts.names, payload });
}

export function renderMessage(facts: NotificationFacts): Message {
  const { notification } = facts;
  return notification ? render(notification.type, notification.payload, facts) : fallbackMessage(facts.appointment);
}

/**
 * What a notification's link opens on its order (domain/deep-links.ts): an agent's offer opens
 * its preview; a bid that lost or an assignment taken away has nothing left to open but the
 * portal; a message, a document and an invoice open that part of the order's page.
 */
export function linkFocus(notification: StoredNotification | null): LinkFocus {
  switch (notification?.type) {
    case 'offer.new':
      return 'offer';
    case 'bid.declined':
    case 'assignment.displaced':
      return 'portal';
    case 'note.created':
      return 'messages';
    case 'credential.rejected':
      return 'credentials';
    case 'appointment.updated': {
      const event = notification.payload.event;
      if (event === 'invoice') return 'invoice';
      return event === 'documents' || event === 'documents_ready' || event === 'uploads_approved' ? 'files' : null;
    }
    default:
      return null;
  }
}

/** Cuts `value` to at most `max` characters, ending with an ellipsis when it was cut. */
export function clip(value: string, max: number): string {
  const chars = [...value];
  if (chars.length <= max) return value;
  return `${chars
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** `text` then `link`, the text cut so that the whole fits in `max` characters. */
function withLink(value: string, link: string, max: number): string {
  const room = max - [...link].length - 1;
  if (room < 10) return clip(value, max);
  return `${clip(value, room)} ${link}`;
}

function greeting(name: string): string {
  const first = personName(name, '').split(' ')[0];
  return first ? `Hello ${first},` : 'Hello,';
}

/** The texts of every channel for one notification, within each channel's limits. */
export function channelTexts(facts: NotificationFacts, origin: string): ChannelTexts {
  const message = renderMessage(facts);
  const url = message.path ?? deepLink(facts.recipient.role, facts.appointment?.id ?? null, linkFocus(facts.notification));
  const link = message.link ?? `${origin}${url}`;
  const isAgent = facts.recipient.role === 'notary';
  // Each part is one line, whatever a renderer was given: the email's lines are the ones below.
  const title = oneLine(message.title);
  const body = oneLine(message.body);
  const emailText = isAgent
    ? withLink(oneLine(message.short ?? message.body), link, AGENT_EMAIL_MAX_LENGTH)
    : [
        greeting(facts.recipient.name),
        '',
        body,
        ...(message.details ?? []).map(oneLine),
        '',
        `${message.linkLabel ?? 'Open it in SigningDesk'}: ${link}`,
        '',
        '— The SigningDesk team',
      ].join('\n');
  return {
    push:
      message.push === false
        ? null
        : {
            title: clip(title, PUSH_TITLE_MAX_LENGTH),
            body: clip(body, PUSH_BODY_MAX_LENGTH),
            url,
            ttlSeconds: message.urgent ? OFFER_PUSH_TTL_SECONDS : PUSH_TTL_SECONDS,
            urgency: message.urgent ? 'high' : 'normal',
          },
    email: { policy: message.email, subject: clip(title, 120), text: emailText },
    sms: isAgent && message.sms ? withLink(`SigningDesk: ${body}`, link, SMS_MAX_LENGTH) : null,
  };
}

/** How a held text is counted in its order's digest: singular and plural. */
function heldKind(notification: StoredNotification | null): readonly [string, string] {
  if (notification?.type === 'note.created') return ['new message', 'new messages'];
  if (notification?.type === 'appointment.updated' && notification.payload.event === undefined) return ['change', 'changes'];
  if (notification?.type === 'appointment.updated' && notification.payload.event === 'documents') return ['new document', 'new documents'];
  return ['other update', 'other updates'];
}

/**
 * The one text that stands for the routine texts held for an order during its window
 * (domain/notification-rules.ts, delivery/text-digest.ts): how many, of which kinds, and the
 * order's link. `appointment` is what this recipient may read (recipient-facts.ts).
 */
export function digestText(appointment: AppointmentFacts | null, held: readonly (StoredNotification | null)[], origin: string): string {
  const counts = new Map<string, { n: number; words: readonly [string, string] }>();
  for (const notification of held) {
    const words = heldKind(notification);
    const entry = counts.get(words[0]) ?? { n: 0, words };
    entry.n += 1;
    counts.set(words[0], entry);
  }
  const parts = [...counts.values()].map(({ n, words }) => `${n} ${n === 1 ? words[0] : words[1]}`);
  const order = appointment ? `${nameOf(appointment, {})} (${day(appointment, {})})` : 'your order';
  const total = held.length;
  const link = `${origin}${deepLink('notary', appointment?.id ?? null)}`;
  return withLink(`SigningDesk: ${total} more update${total === 1 ? '' : 's'} on ${order}: ${parts.join(', ')}.`, link, SMS_MAX_LENGTH);
}
