import { Anchor, Box, Burger, Button, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useMe, type Me } from '../../features/auth/api/get-me';
import { useSignOut } from '../../features/auth/api/sign-out';
import { loginPathFor } from '../../features/auth/utils/redirect-target';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { isActiveItem, navItemsFor, type NavItem } from './nav-items';
import classes from './site-header.module.css';

function NavLinks({ items, pathname }: { items: NavItem[]; pathname: string }) {
  return items.map((item) => {
    const current = isActiveItem(item.to, pathname) ? 'page' : undefined;
    return item.external ? (
      <a key={item.to} href={item.to} className={classes.link} aria-current={current}>
        {item.label}
      </a>
    ) : (
      <Link key={item.to} to={item.to} className={classes.link} aria-current={current}>
        {item.label}
      </Link>
    );
  });
}

/** Log In for visitors, with the way back to the page they are on. */
function LogInButton({ pathname, search }: { pathname: string; search: string }) {
  const navigate = useNavigate();
  // The login page has its own Log In button; from the home page, login leads to the portal.
  if (pathname === paths.login) return null;
  const target = pathname === paths.home ? paths.login : loginPathFor(pathname + search);
  return <Button onClick={() => void navigate(target)}>Log In</Button>;
}

/** The signed-in user's name (to the profile details) and Log Out. */
function SignedInActions({ user }: { user: Me }) {
  const signOut = useSignOut();
  return (
    <>
      <Anchor component={Link} to={paths.profileDetails} className={classes.userName} fw={600} title={user.name}>
        {user.name}
      </Anchor>
      <Button variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        Log Out
      </Button>
    </>
  );
}

/**
 * Site header: brand, role-based navigation, account actions. Under 768 px the links and the
 * signed-in actions move into a burger menu; Log In stays in the bar.
 */
export function SiteHeader() {
  const me = useMe();
  const user = me.data ?? null;
  const { pathname, search } = useLocation();
  const [opened, { toggle, close }] = useDisclosure(false);

  useEffect(() => close(), [pathname, close]);

  const items = navItemsFor(user?.role ?? null);

  return (
    <Box component="header" className={classes.header}>
      <Container size="lg">
        <Group className={classes.bar} justify="space-between" wrap="nowrap">
          <Link to={paths.home} className={classes.brand} aria-label="SigningDesk">
            <img src="/logo.svg" alt="" width={32} height={32} className={classes.logo} />
            <span className={classes.brandName}>SigningDesk</span>
          </Link>
          <Group component="nav" aria-label="Main" gap={4} visibleFrom="sm" wrap="nowrap">
            <NavLinks items={items} pathname={pathname} />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <ColorSchemeToggle />
            {user && (
              <Group gap="sm" visibleFrom="sm" wrap="nowrap">
                <SignedInActions user={user} />
              </Group>
            )}
            {!user && !me.isPending && <LogInButton pathname={pathname} search={search} />}
            <Burger
              hiddenFrom="sm"
              opened={opened}
              onClick={toggle}
              aria-label="Toggle navigation"
              aria-expanded={opened}
              aria-controls={opened ? 'mobile-navigation' : undefined}
            />
          </Group>
        </Group>
      </Container>
      {opened && (
        <Box id="mobile-navigation" hiddenFrom="sm" className={classes.mobilePanel}>
          <Container size="lg">
            <Stack component="nav" aria-label="Main" gap={0} pt="xs">
              <NavLinks items={items} pathname={pathname} />
            </Stack>
            {user && (
              <Group gap="sm" mt="sm">
                <SignedInActions user={user} />
              </Group>
            )}
          </Container>
        </Box>
      )}
    </Box>
  );
}
