import { Container, Title, type ContainerProps } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import type { ReactNode } from 'react';

type PageProps = {
  /** The page's one h1, also used for the browser tab title. */
  title: string;
  size?: ContainerProps['size'];
  children?: ReactNode;
};

/** Frame of every console page: a width-limited column opened by its h1. */
export function Page({ title, size = 'lg', children }: PageProps) {
  useDocumentTitle(`${title} | SigningDesk`);
  return (
    <Container size={size} py="xl">
      <Title order={1} mb="md">
        {title}
      </Title>
      {children}
    </Container>
  );
}
