/**
 * What visitors send through the public site. Owns contact_requests (as written by the
 * Contact Us and landing-page forms: the operators' Feedback inbox reads them),
 * escrow_registrations, auto_appraisal_requests and campaign_enrollments. The routes have
 * already validated the input and taken the per-address allowance (rate-limit.ts).
 */
import type { Db } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { and, count, desc, eq } from 'drizzle-orm';
import { pageOffset, type PageQuery } from '@signingdesk/domain/pagination';
import { formatPhone } from '@signingdesk/domain/phone';
import type { Actor } from '../../lib/actor';
import { notFound } from '../../lib/app-error';
import { notify, operatorIds } from '../../delivery/notify';
import {
  ENROLL_THANK_YOU,
  type AutoAppraisalInput,
  type AutoAppraisalPage,
  type CampaignResult,
  type ContactRequestInput,
  type EscrowRegistrationInput,
  type FormReceipt,
  type LandingContactInput,
  type LandingVariant,
} from './public-forms.schemas';

const { contactRequests, escrowRegistrations, autoAppraisalRequests, campaignEnrollments, outboundMessages } = schema;

/** The forms a visitor can send; each has its own per-address allowance (the password-reset request too). */
export type PublicForm =
  | 'contact'
  | 'landing'
  | 'escrow-registration'
  | 'auto-appraisal'
  | 'analytics'
  | 'password-reset'
  | 'agent-registration'
  | 'signer-answer';

const receipt = (id: string, message: string, details: string): FormReceipt => ({ id, status: 'success', message, details });

export async function submitContactRequest(db: Db, input: ContactRequestInput): Promise<FormReceipt> {
  const [row] = await db
    .insert(contactRequests)
    .values({ kind: 'contact', ...input })
    .returning({ id: contactRequests.id });
  return receipt(
    row!.id,
    'Thank you for contacting us.',
    'We received your message and will get back to you by email or phone as soon as we can.',
  );
}

/** The landing page's two forms, stored as Feedback with a subject the inbox can show. */
const LANDING: Record<LandingVariant, { kind: 'landing_notary' | 'landing_title'; subject: string; message: string; details: string }> = {
  notary: {
    kind: 'landing_notary',
    subject: 'Notary Request Form',
    message: 'Thank you! We received your notary request.',
    details: 'A member of our team will call you back shortly to schedule your signing.',
  },
  title: {
    kind: 'landing_title',
    subject: 'Title company consultation',
    message: 'Thank you! We received your consultation request.',
    details: 'A member of our team will call you back shortly to schedule your consultation.',
  },
};

export async function submitLandingRequest(db: Db, input: LandingContactInput): Promise<FormReceipt> {
  const { variant, ...fields } = input;
  const landing = LANDING[variant];
  const [row] = await db
    .insert(contactRequests)
    .values({ kind: landing.kind, subject: landing.subject, ...fields })
    .returning({ id: contactRequests.id });
  return receipt(row!.id, landing.message, landing.details);
}

/**
 * An escrow officer's request for an account. Operators create the account (Create New User),
 * which sends the invitation; this only records the request.
 */
export async function submitEscrowRegistration(db: Db, input: EscrowRegistrationInput): Promise<FormReceipt> {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx.insert(escrowRegistrations).values(input).returning({ id: escrowRegistrations.id });
    await notify(tx, {
      type: 'registration.escrow',
      recipientIds: await operatorIds(tx),
      payload: { registrationId: created!.id, email: input.email, titleCompany: input.titleCompany },
    });
    return created;
  });
  return receipt(
    row!.id,
    'Registration received',
    `Thank you for registering as an escrow officer. Our team will review your registration and email ${input.email} when your account is ready.`,
  );
}

export async function submitAutoAppraisal(db: Db, input: AutoAppraisalInput): Promise<FormReceipt> {
  const [row] = await db.insert(autoAppraisalRequests).values(input).returning({ id: autoAppraisalRequests.id });
  return receipt(
    row!.id,
    'Thank you! We received your auto-appraisal request.',
    'A certified appraiser will contact you shortly to schedule the appraisal.',
  );
}

/** The operators' list of auto-appraisal requests, newest first. */
export async function listAutoAppraisals(db: Db, query: PageQuery): Promise<AutoAppraisalPage> {
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(autoAppraisalRequests),
    db
      .select()
      .from(autoAppraisalRequests)
      .orderBy(desc(autoAppraisalRequests.createdAt), desc(autoAppraisalRequests.id))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
  ]);
  const items = rows.map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    phone: formatPhone(r.phone),
    comments: r.comments,
    createdAt: r.createdAt.toISOString(),
  }));
  return { items, page: query.page, pageSize: query.pageSize, total: total!.n };
}

/**
 * The campaigns a signed-in user can answer, with the email that Enroll promises ('Please check
 * your inbox for an email with more details'). Adding a campaign is adding an entry here.
 */
export const CAMPAIGNS: Record<string, { emailSubject: string; emailBody: string; declined: string }> = {
  affiliate: {
    emailSubject: 'The SigningDesk affiliate program',
    emailBody:
      'Thank you for your interest in the SigningDesk affiliate program. You earn more by referring title companies and signing agents to SigningDesk. A member of our team will follow up with the program terms and how to get started.',
    declined: 'Thank you. We will not show you this offer again.',
  },
};

/**
 * Stores the user's answer (every answer is kept; the latest counts). Enroll also queues the
 * details email in the same transaction, once: a repeat Enroll does not send it again.
 */
export async function respondToCampaign(db: Db, actor: Actor, campaign: string, action: 'enroll' | 'decline'): Promise<CampaignResult> {
  const definition = CAMPAIGNS[campaign];
  if (!definition) throw notFound('This campaign');
  return db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ action: campaignEnrollments.action })
      .from(campaignEnrollments)
      .where(and(eq(campaignEnrollments.userId, actor.userId), eq(campaignEnrollments.campaign, campaign)))
      .orderBy(desc(campaignEnrollments.createdAt))
      .limit(1);
    await tx.insert(campaignEnrollments).values({ userId: actor.userId, campaign, action });
    if (action === 'enroll' && previous?.action !== 'enroll') {
      await tx.insert(outboundMessages).values({
        channel: 'email',
        toAddress: actor.email,
        recipientId: actor.userId,
        subject: definition.emailSubject,
        body: definition.emailBody,
        state: 'queued',
      });
    }
    return { campaign, action, message: action === 'enroll' ? ENROLL_THANK_YOU : definition.declined };
  });
}
