import type { Role } from '@signingdesk/domain/roles';
import { useAllFirms } from '../api/firms';
import { CreateUser } from './firm-users';

/**
 * The operators' Create New User (spec 02 §2/§5): Signing Agent by default, Escrow Officer and
 * Org Admin of a chosen title firm, and Admin offered to admins only (the API enforces the same).
 */
export function OperatorCreateUser({ isAdmin }: { isAdmin: boolean }) {
  const firms = useAllFirms();
  const grantable: Role[] = isAdmin ? ['notary', 'creator', 'creator_admin', 'admin'] : ['notary', 'creator', 'creator_admin'];
  const titleFirms = (firms.data?.items ?? []).filter((firm) => firm.kind === 'title_firm');
  return <CreateUser grantable={grantable} defaultRole="notary" firms={titleFirms} />;
}
