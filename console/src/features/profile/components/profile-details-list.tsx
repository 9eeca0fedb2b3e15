import { Card, DataList } from '@mantine/core';

type ProfileDetailsListProps = {
  name: string;
  organization: string;
  role: string;
  phone: string;
  email: string;
};

/** The read-only profile of /profile-details (spec 02 §2): name, organization, role, phone, email. */
export function ProfileDetailsList({ name, organization, role, phone, email }: ProfileDetailsListProps) {
  const rows = [
    ['Name', name],
    ['Organization', organization],
    ['Role', role],
    ['Phone', phone],
    ['Email', email],
  ] as const;
  return (
    <Card withBorder padding="lg" maw={640}>
      <DataList withDivider labelWidth="8rem">
        {rows.map(([label, value]) => (
          <DataList.Item key={label}>
            <DataList.ItemLabel>{label}</DataList.ItemLabel>
            <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList>
    </Card>
  );
}
