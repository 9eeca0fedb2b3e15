/**
 * How a person who did something is named to whoever reads about it (issue 26, item 7): an
 * operator is "SigningDesk" to everyone but operators — in an order's timeline and in its file
 * log alike — so an operator's name never reaches the escrow side or an agent.
 */
import { isOperator, isRole, type Role } from '@signingdesk/domain/roles';

export const OPERATORS_NAME = 'SigningDesk';

export function isOperatorRole(role: string | null): boolean {
  return isRole(role) && isOperator(role);
}

export function nameShownTo(viewer: Role, person: { name: string; role: string | null }): string {
  return isOperatorRole(person.role) && !isOperator(viewer) ? OPERATORS_NAME : person.name;
}
