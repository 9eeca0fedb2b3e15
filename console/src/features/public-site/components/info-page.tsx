import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { AppLink } from '../../../components/app-link';
import { Page } from '../../../components/page';
import { paths } from '../../../config/paths';

type InfoPageProps = {
  title: string;
  /** One sentence saying what the page is for. */
  description: string;
  children?: ReactNode;
};

/** A public page whose form or full content arrives later: title, purpose, way back home. */
export function InfoPage({ title, description, children }: InfoPageProps) {
  return (
    <Page title={title}>
      <Text size="lg" mb="lg" maw={720}>
        {description}
      </Text>
      {children}
      <Group mt="xl">
        <AppLink to={paths.home}>Back to Home</AppLink>
      </Group>
    </Page>
  );
}
