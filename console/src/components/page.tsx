import { Container, Title, type ContainerProps } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

type PageProps = {
  /** The page's one h1, also used for the browser tab title. */
  title: string;
  size?: ContainerProps['size'];
  /** The whole window's width, for dense work tables (the operator console). */
  fluid?: boolean;
  children?: ReactNode;
};

/** Frame of every console page: a width-limited column opened by its h1. */
export function Page({ title, size = 'lg', fluid = false, children }: PageProps) {
  useDocumentTitle(`${title} | SigningDesk`);
  return (
    <Container size={size} fluid={fluid} px={fluid ? { base: 'md', lg: 'xl' } : undefined} py="xl">
      <Title order={1} mb="md">
        {title}
      </Title>
      {children}
    </Container>
  );
}
