/**
 * Create New User (spec 02 §2/§5) and the caller's profile (spec 01 `/profile`,
 * `/profile-details`). A new user is created without a password and invited to choose one;
 * who may create which role, in which firm, is decided here (DESIGN.md "Access").
 */
import type { Db, Tx } from '@signingdesk/db';
import { schema } from '@signingdesk/db';
import { eq } from 'drizzle-orm';
import { formatPhone } from '@signingdesk/domain/phone';
import { GRANTABLE_ROLES } from '@signingdesk/domain/account-rules';
import { isEscrowRole, ROLE_LABELS, type Role } from '@signingdesk/domain/roles';
import type { Actor } from '../../lib/actor';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import { notify } from '../../delivery/notify';
import { takeFormAllowance } from '../public-forms/rate-limit';
import { independentFirm, insertAgentProfile, loadAgentProfile } from '../agents/agents.profile';
import { createInvitation, insertAccount } from './users.accounts';
import type { CreatedUser, CreateUserInput, Profile } from './users.schemas';

const { firms, user, profiles } = schema;

/** How often the owner of an address is told that a firm tried to add it. */
const ADDITION_NOTICE_INTERVAL_SECONDS = 60 * 60;

function assertMayGrant(actor: Actor, role: Role) {
  if (GRANTABLE_ROLES[actor.role].includes(role)) return;
  const message =
    role === 'admin' || role === 'sub_admin'
      ? 'Only admins can create Admin and Sub Admin users.'
      : `Your role cannot create ${ROLE_LABELS[role]} users.`;
  throw new AppError('FORBIDDEN', message);
}

const firmNotFound = () =>
  new AppError('NOT_FOUND', 'This firm was not found.', [{ field: 'firmId', message: 'is not a firm you can add users to' }]);
const wrongFirm = (message: string) => new AppError('VALIDATION_FAILED', message, [{ field: 'firmId', message }]);

/** The firm the new user joins, by role: agents → Independent notary, operators → a managing organisation, escrow roles → a title firm. */
async function firmFor(tx: Tx, actor: Actor, role: Role, firmId: string | undefined) {
  if (role === 'notary') {
    const firm = await independentFirm(tx);
    if (firmId && firmId !== firm.id) throw wrongFirm('Signing agents belong to Independent notary.');
    return firm;
  }
  if (isEscrowRole(actor.role)) {
    // Escrow callers only ever see their own firm; any other id does not exist for them.
    if (firmId && firmId !== actor.firmId) throw firmNotFound();
    return { id: actor.firmId, name: actor.firmName };
  }
  const wanted = firmId ?? (role === 'admin' || role === 'sub_admin' ? actor.firmId : undefined);
  if (!wanted) throw wrongFirm('Choose the firm of the new user.');
  const [firm] = await tx.select({ id: firms.id, name: firms.name, kind: firms.kind }).from(firms).where(eq(firms.id, wanted));
  if (!firm) throw firmNotFound();
  if (role === 'admin' || role === 'sub_admin') {
    if (firm.kind !== 'managing_organization') throw wrongFirm('Operators belong to a managing organization.');
  } else if (firm.kind !== 'title_firm') {
    throw wrongFirm('Escrow officers and org admins belong to a title firm.');
  }
  return { id: firm.id, name: firm.name };
}

export async function createUser(db: Db, actor: Actor, input: CreateUserInput, options: { origin: string }): Promise<CreatedUser> {
  const role: Role = input.role ?? (isEscrowRole(actor.role) ? 'creator' : 'notary');
  assertMayGrant(actor, role);
  if (role === 'notary') {
    const missing = (['city', 'state', 'zip'] as const).filter((field) => !input[field]);
    if (missing.length > 0) {
      throw new AppError(
        'VALIDATION_FAILED',
        'City, state and zip are required for a signing agent.',
        missing.map((field) => ({ field, message: 'is required for a signing agent' })),
      );
    }
  }
  // Created by an admin, a signing agent's registration counts as reviewed and approved; one
  // created by a sub admin waits in Pending Signing Agents for an admin's review (spec 02 §1).
  const reviewed = role !== 'notary' || actor.role === 'admin';
  const name = `${input.firstName} ${input.lastName}`;
  if (isEscrowRole(actor.role)) {
    // Another firm's id is refused first, as firmFor does, whatever the email.
    if (input.firmId && input.firmId !== actor.firmId) throw firmNotFound();
    const elsewhere = await accountOutsideFirm(db, actor, input.email);
    if (elsewhere) return answerAccountElsewhere(db, actor, role, elsewhere, { name, email: input.email, origin: options.origin });
  }
  return db.transaction(async (tx) => {
    const firm = await firmFor(tx, actor, role, input.firmId);
    const userId = await insertAccount(tx, {
      name,
      email: input.email,
      role,
      firmId: firm.id,
      phone: input.phone,
      status: reviewed ? 'active' : 'pending',
      passwordHash: null,
    });
    if (role === 'notary') {
      await insertAgentProfile(
        tx,
        userId,
        {
          firstName: input.firstName,
          lastName: input.lastName,
          companyName: null,
          address1: null,
          address2: null,
          city: input.city!,
          state: input.state!,
          zip: input.zip!,
          laserPrinter: false,
          dualTrayPrinter: false,
          smsOptIn: false,
          certifiedStates: [],
          yearsExperience: null,
        },
        reviewed ? { registrationStatus: 'approved', reviewedAt: new Date() } : { registrationStatus: 'pending', reviewedAt: null },
      );
    }
    const invitation = await createInvitation(tx, { userId, role, origin: options.origin });
    await audit(tx, {
      actorId: actor.userId,
      action: 'user.created',
      entityType: 'user',
      entityId: userId,
      details: { role, firmId: firm.id },
    });
    if (isEscrowRole(actor.role)) return escrowAnswer(role, { name, email: input.email, firmName: firm.name, firmId: firm.id });
    return {
      status: 'created',
      message:
        `${name} was added as ${ROLE_LABELS[role]} of ${firm.name}. An invitation to set a password was sent to ${input.email}.` +
        (!reviewed ? ' The registration waits for an admin’s review in Pending Signing Agents before any offer.' : ''),
      details: {
        id: userId,
        name,
        email: input.email,
        role,
        firm: { id: firm.id, name: firm.name },
        invitationExpiresAt: invitation.expiresAt.toISOString(),
      },
    };
  });
}

/**
 * Create New User by an escrow officer or org admin gets one answer whether or not the email
 * has an account outside their firm (issue 26, item 9): they see their own firm's users, and
 * nothing else about who uses SigningDesk. The answer names no id and says, for both cases,
 * what happens when the address already has an account.
 */
function escrowAnswer(role: Role, person: { name: string; email: string; firmName: string; firmId: string }): CreatedUser {
  return {
    status: 'invited',
    message:
      `We emailed ${person.email} an invitation for ${person.name} to join ${person.firmName} as ${ROLE_LABELS[role]}. ` +
      'If the address already has a SigningDesk account, nothing was created: its owner was told, and the SigningDesk team can move the account to your firm.',
    details: { name: person.name, email: person.email, role, firm: { id: person.firmId, name: person.firmName } },
  };
}

/** The account an email has outside the caller's firm (another firm, an agent, an operator), if any. */
async function accountOutsideFirm(db: Db, actor: Actor, email: string) {
  const [row] = await db
    .select({ id: user.id, status: profiles.status, firmId: profiles.firmId })
    .from(user)
    .leftJoin(profiles, eq(profiles.userId, user.id))
    .where(eq(user.email, email));
  return row && row.firmId !== actor.firmId ? row : null;
}

/**
 * Nothing is created; the owner is emailed (at most once an hour, never while disabled) that
 * someone at the firm tried to add their address, and the attempt is audited.
 */
async function answerAccountElsewhere(
  db: Db,
  actor: Actor,
  role: Role,
  existing: { id: string; status: string | null },
  person: { name: string; email: string; origin: string },
): Promise<CreatedUser> {
  await db.transaction(async (tx) => {
    await audit(tx, {
      actorId: actor.userId,
      action: 'user.addition_for_existing_account',
      entityType: 'user',
      entityId: existing.id,
      details: { role, firmId: actor.firmId },
    });
    if (existing.status === 'disabled') return;
    const allowance = await takeFormAllowance(tx, 'user-addition-notice', existing.id, 1, ADDITION_NOTICE_INTERVAL_SECONDS);
    if (!allowance.allowed) return;
    await notify(tx, {
      type: 'user.addition_attempted',
      recipientIds: [existing.id],
      payload: { event: 'addition_attempted', firmName: actor.firmName, link: `${person.origin}/login` },
    });
  });
  return escrowAnswer(role, { name: person.name, email: person.email, firmName: actor.firmName, firmId: actor.firmId });
}

export async function readProfile(db: Db, actor: Actor): Promise<Profile> {
  return {
    profileName: actor.name,
    profileEmail: actor.email,
    profileRole: actor.role,
    profileRoleLabel: ROLE_LABELS[actor.role],
    profileOrganization: actor.firmName,
    profilePhone: actor.phone ? formatPhone(actor.phone) : null,
    status: actor.status,
    agent: actor.role === 'notary' ? await loadAgentProfile(db, actor.userId) : null,
  };
}
