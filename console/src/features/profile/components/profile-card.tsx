import { Avatar, Badge, Card, Group, Stack, Text } from '@mantine/core';

type ProfileCardProps = {
  name: string;
  email: string;
  roleLabel: string;
};

/** The /profile summary (spec 01 §2): picture, name, email and role. */
export function ProfileCard({ name, email, roleLabel }: ProfileCardProps) {
  return (
    <Card withBorder padding="lg" maw={520}>
      <Group gap="lg" wrap="nowrap" align="center">
        <Avatar
          name={name}
          color="initials"
          size={72}
          radius="xl"
          alt={`Picture of ${name}`}
          role="img"
          aria-label={`Picture of ${name}`}
        />
        <Stack gap={4} miw={0}>
          <Text fw={700} size="xl">
            {name}
          </Text>
          <Text style={{ overflowWrap: 'anywhere' }}>{email}</Text>
          <Badge variant="outline" radius="sm" w="fit-content">
            {roleLabel}
          </Badge>
        </Stack>
      </Group>
    </Card>
  );
}
