import { Alert, Button, Card, Group, List, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { formatPhone } from '@signingdesk/domain/phone';
import { ROLE_LABELS } from '@signingdesk/domain/roles';
import { CreateUserSchema } from '@signingdesk/domain/user-input';
import { DataTable } from 'mantine-datatable';
import { useState, type FormEvent } from 'react';
import { z } from 'zod';
import type { Schemas } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { showToast } from '../../../lib/toast';
import { FIRM_USERS_PAGE_SIZE, useCreateFirmUser, useFirmUsers } from '../api/firm-users';
import 'mantine-datatable/styles.css';
import { PhoneInput } from '../../../components/phone-input';

type EscrowRole = 'creator' | 'creator_admin';

/**
 * The roles each escrow role may give (spec 02 §6, as the API enforces it): an org admin makes
 * escrow officers and org admins of the firm, an escrow officer makes escrow officers.
 */
const GRANTABLE: Record<EscrowRole, EscrowRole[]> = { creator_admin: ['creator', 'creator_admin'], creator: ['creator'] };

type Values = { firstName: string; lastName: string; email: string; phone: string; role: EscrowRole };
const EMPTY: Values = { firstName: '', lastName: '', email: '', phone: '', role: 'creator' };

/** The API's own Create New User schema (domain/user-input.ts), read from the form's text. */
const toBody = ({ phone, ...rest }: Values) => (phone ? { ...rest, phone } : rest);
const userSchema = z.preprocess((values) => toBody(values as Values), CreateUserSchema);

type FirmUsersProps = {
  firmId: string;
  /** The signed-in escrow role: it decides which roles the new user may get. */
  role: EscrowRole;
};

/** The Users tab of the escrow portal: Create New User for the firm, then its Registration Status card; the firm's users. */
export function FirmUsers({ firmId, role }: FirmUsersProps) {
  return (
    <Stack gap="xl">
      <CreateUser grantable={GRANTABLE[role]} />
      <UserList firmId={firmId} />
    </Stack>
  );
}

function CreateUser({ grantable }: { grantable: EscrowRole[] }) {
  const form = useForm<Values>({ initialValues: EMPTY, validate: schemaResolver(userSchema, { sync: true }), validateInputOnBlur: true });
  const create = useCreateFirmUser();
  const [created, setCreated] = useState<Schemas['CreatedUser'] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (form.validate().hasErrors) return;
    const outcome = await create.mutateAsync(toBody(form.getValues()));
    if (outcome.type === 'ok') {
      setCreated(outcome.data);
      showToast({ title: 'User created', message: outcome.data.message });
    } else if (outcome.type === 'unsent') {
      setProblem('SigningDesk did not answer. What you typed is kept: try again.');
    } else {
      showServerFieldErrors(form, outcome.problem.fields);
      setProblem(outcome.problem.message);
    }
  };

  if (created) {
    return (
      <Card withBorder padding="lg" component="section" aria-labelledby="registration-status-title" maw={640}>
        <Stack gap="sm">
          <Title order={2} id="registration-status-title">
            Registration Status
          </Title>
          <List spacing={4}>
            <List.Item>Status: {created.status}</List.Item>
            <List.Item>Message: {created.message}</List.Item>
            <List.Item>
              Details: {created.details.name} ({created.details.email}), {ROLE_LABELS[created.details.role]} of {created.details.firm.name}
            </List.Item>
          </List>
          <Group>
            <Button
              onClick={() => {
                setCreated(null);
                form.reset();
              }}
            >
              Close
            </Button>
          </Group>
        </Stack>
      </Card>
    );
  }
  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="create-user-title">
      <Title order={2} id="create-user-title" mb="xs">
        Create New User
      </Title>
      <Text c="dimmed" mb="md">
        The new user is emailed a link to choose a password.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
        <TextInput label="First name" withAsterisk {...form.getInputProps('firstName')} />
        <TextInput label="Last name" withAsterisk {...form.getInputProps('lastName')} />
        <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
        <PhoneInput form={form} field="phone" label="Phone" />
        <NativeSelect label="Role" data={grantable.map((value) => ({ value, label: ROLE_LABELS[value] }))} {...form.getInputProps('role')} />
      </SimpleGrid>
      {problem ? (
        <Alert color="red" role="alert" mb="md">
          {problem}
        </Alert>
      ) : null}
      <Button type="submit" loading={create.isPending}>
        Create User
      </Button>
    </form>
  );
}

export function UserList({ firmId }: { firmId: string }) {
  const [page, setPage] = useState(1);
  const users = useFirmUsers(firmId, page);
  return (
    <section aria-labelledby="firm-users-title">
      <Title order={2} id="firm-users-title" mb="md">
        {users.data ? `${users.data.firm.name} users` : 'Users'}
      </Title>
      {users.isError ? (
        <Alert color="red" role="alert" mb="md">
          {users.error.message}
        </Alert>
      ) : null}
      <DataTable<Schemas['EscrowUser']>
        aria-label="Firm users"
        withTableBorder
        borderRadius="md"
        striped
        minHeight={users.data?.items.length ? undefined : 160}
        fetching={users.isFetching}
        records={users.data?.items ?? []}
        totalRecords={users.data?.total ?? 0}
        recordsPerPage={FIRM_USERS_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        noRecordsText="No users yet."
        columns={[
          { accessor: 'name', title: 'Name' },
          { accessor: 'email', title: 'Email' },
          { accessor: 'phone', title: 'Phone', render: (user) => (user.phone ? formatPhone(user.phone) : '—') },
          { accessor: 'role', title: 'Role', render: (user) => ROLE_LABELS[user.role] },
          { accessor: 'status', title: 'Status', render: (user) => user.status[0]!.toUpperCase() + user.status.slice(1) },
        ]}
      />
    </section>
  );
}
