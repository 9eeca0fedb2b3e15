import { Anchor, type AnchorProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { isExternalPath } from '../config/paths';

type AppLinkProps = AnchorProps & { to: string; children: ReactNode; onClick?: () => void };

/** A text link that uses the router inside the console and a plain <a> for the other apps. */
export function AppLink({ to, children, ...props }: AppLinkProps) {
  if (isExternalPath(to)) {
    return (
      <Anchor href={to} {...props}>
        {children}
      </Anchor>
    );
  }
  return (
    <Anchor component={Link} to={to} {...props}>
      {children}
    </Anchor>
  );
}
