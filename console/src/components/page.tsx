import { Container, Title, type ContainerProps } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';

type PageProps = {
  /** The page's one h1, also used for the browser tab title. */
  title: string;
  size?: ContainerProps['size'];
  /** The whole window's width, for dense work tables (the operator console). */
  fluid?: boolean;
  children?: ReactNode;
};

/**
 * Frame of every console page: a width-limited column opened by its h1. After a navigation that
 * left the focus nowhere (the link clicked is gone), the h1 takes it, so a keyboard or screen
 * reader user starts at the new page's top (issue 30); a field the page focuses itself keeps it.
 */
export function Page({ title, size = 'lg', fluid = false, children }: PageProps) {
  useDocumentTitle(`${title} | SigningDesk`);
  const heading = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body) heading.current?.focus({ preventScroll: true });
  }, [pathname]);
  return (
    <Container size={size} fluid={fluid} px={fluid ? { base: 'md', lg: 'xl' } : undefined} py="xl">
      <Title order={1} mb="md" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
        {title}
      </Title>
      {children}
    </Container>
  );
}
