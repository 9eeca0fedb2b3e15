import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { Me } from '../../../types/api';
import { OutboxChip } from '../../../components/outbox/outbox-chip';
import { LogOutButton } from './log-out-button';

/** The header of the signed-in screens: the agent, pending actions, profile, log out. */
export function AgentHeader({ me }: { me: Me }) {
  return (
    <>
      <OutboxChip userId={me.id} />
      <Link to={paths.profile} className="app-header__name" title={me.email} aria-label={`Profile of ${me.name}`}>
        {me.name}
      </Link>
      <LogOutButton userId={me.id} />
    </>
  );
}
