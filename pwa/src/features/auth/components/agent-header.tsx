import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { Me } from '../../../types/api';
import { OutboxChip } from '../../../components/outbox/outbox-chip';
import { SiteMenu } from '../../../components/site-menu';
import { LogOutButton } from './log-out-button';

/** The header of the signed-in screens: pending actions, then the menu with the profile and Log Out. */
export function AgentHeader({ me }: { me: Me }) {
  return (
    <>
      <OutboxChip userId={me.id} />
      <SiteMenu
        signedIn
        account={
          <>
            <Link to={paths.profile} className="site-menu__profile" title={me.email} aria-label={`Profile of ${me.name}`}>
              <span className="site-menu__profile-label">Profile</span>
              <span className="site-menu__profile-name">{me.name}</span>
            </Link>
            <LogOutButton userId={me.id} />
          </>
        }
      />
    </>
  );
}
