import { Alert, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { formatPhone } from '@signingdesk/domain/phone';
import { ESCROW_ROLES, ROLE_LABELS, type Role } from '@signingdesk/domain/roles';
import { isUsState, STATE_PLACEHOLDER, US_STATES } from '@signingdesk/domain/us-states';
import { CreateUserSchema } from '@signingdesk/domain/user-input';
import { DataTable } from 'mantine-datatable';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import type { Schemas } from '../../../lib/api-client';
import { saveProblem } from '../../../lib/server-field-errors';
import { FIRM_USERS_PAGE_SIZE, firmUserKeys, useCreateFirmUser, useFirmUsers } from '../api/firm-users';
import 'mantine-datatable/styles.css';
import { pageRangeText } from '../../../lib/counted';
import { PhoneInput } from '../../../components/phone-input';
import { AccountStatusCell } from '../../../components/account-status/account-status-cell';
import { mayChangeAccountStatus } from '@signingdesk/domain/account-rules';
import type { AccountCaller } from '../../../lib/account-status';
import { FirmOrderTerms } from './firm-order-terms';

type EscrowRole = 'creator' | 'creator_admin';

/**
 * The roles each escrow role may give (spec 02 §6, as the API enforces it): an org admin makes
 * escrow officers and org admins of the firm, an escrow officer makes escrow officers.
 */
const GRANTABLE: Record<EscrowRole, Role[]> = { creator_admin: ['creator', 'creator_admin'], creator: ['creator'] };

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: Role;
  firmId: string;
  city: string;
  state: string;
  zip: string;
};
const emptyValues = (role: Role): Values => ({
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  role,
  firmId: '',
  city: '',
  state: '',
  zip: '',
});

/**
 * The request body: a phone only when given; a firm only when chosen (operators, for escrow
 * users); the city, state and zip a signing agent needs only for one.
 */
const toBody = ({ phone, firmId, city, state, zip, ...rest }: Values) => ({
  ...rest,
  ...(phone ? { phone } : {}),
  ...(firmId ? { firmId } : {}),
  ...(rest.role === 'notary' ? { city, state: isUsState(state) ? state : undefined, zip } : {}),
});
/** The API's own Create New User schema (domain/user-input.ts), read from the form's text. */
const userSchema = z.preprocess((values) => toBody(values as Values), CreateUserSchema);
const STATE_OPTIONS = [{ value: '', label: STATE_PLACEHOLDER }, ...US_STATES.map((s) => ({ value: s, label: s }))];

type FirmUsersProps = {
  firmId: string;
  /** The signed-in escrow role: it decides which roles the new user may get. */
  role: EscrowRole;
  /** The signed-in user: org admins disable and enable the firm's other escrow users. */
  caller: AccountCaller;
};

/**
 * The Users tab of the escrow portal: Create New User for the firm, then its Registration Status
 * card; the firm's users; for the org admin, who runs the firm's account, its default order terms.
 */
export function FirmUsers({ firmId, role, caller }: FirmUsersProps) {
  return (
    <Stack gap="xl">
      <CreateUser grantable={GRANTABLE[role]} defaultRole="creator" />
      <UserList firmId={firmId} caller={caller} />
      {role === 'creator_admin' ? <FirmOrderTerms firmId={firmId} /> : null}
    </Stack>
  );
}

type CreateUserProps = {
  /** The roles the signed-in user may give, in the order offered. */
  grantable: Role[];
  defaultRole: Role;
  /** Operators choose an escrow user's title firm; escrow roles add to their own. */
  firms?: { id: string; name: string }[];
};

/**
 * Create New User (spec 02 §2/§5) → its Registration Status card, which closes to an empty
 * form; the new user is emailed a link to choose a password.
 */
export function CreateUser({ grantable, defaultRole, firms }: CreateUserProps) {
  const form = useForm<Values>({
    initialValues: emptyValues(defaultRole),
    validate: (values) => ({
      ...schemaResolver(userSchema, { sync: true })(values),
      ...(firms && (ESCROW_ROLES as readonly Role[]).includes(values.role) && !values.firmId ? { firmId: 'Choose the title firm' } : {}),
    }),
    validateInputOnBlur: true,
  });
  const role = form.values.role;
  const create = useCreateFirmUser();
  const [created, setCreated] = useState<Schemas['CreatedUser'] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (form.validate().hasErrors) return;
    const outcome = await create.mutateAsync(toBody(form.getValues()));
    if (outcome.type === 'ok') {
      // The Registration Status card says it, and takes the focus: no toast as well (issue 30).
      setCreated(outcome.data);
    } else setProblem(saveProblem(form, outcome));
  };

  if (created) {
    return (
      <RegistrationStatus
        created={created}
        onClose={() => {
          setCreated(null);
          form.reset();
        }}
      />
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
        <NativeSelect
          label="Role"
          data={grantable.map((value) => ({ value, label: ROLE_LABELS[value] }))}
          {...form.getInputProps('role')}
        />
        {firms && (ESCROW_ROLES as readonly Role[]).includes(role) ? (
          <NativeSelect
            label="Firm"
            withAsterisk
            data={[{ value: '', label: 'Choose a firm' }, ...firms.map((f) => ({ value: f.id, label: f.name }))]}
            {...form.getInputProps('firmId')}
          />
        ) : null}
        {role === 'notary' ? (
          <>
            <TextInput label="City" withAsterisk {...form.getInputProps('city')} />
            <NativeSelect label="State" withAsterisk data={STATE_OPTIONS} {...form.getInputProps('state')} />
            <TextInput label="Zip" withAsterisk inputMode="numeric" maxLength={5} {...form.getInputProps('zip')} />
          </>
        ) : null}
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

/** The answer to Create User, in sentences; closing it gives the empty form back. */
function RegistrationStatus({ created, onClose }: { created: Schemas['CreatedUser']; onClose: () => void }) {
  // The form that had the focus is gone: the result's heading takes it, so a screen reader
  // reads the outcome and the keyboard goes on from there.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="registration-status-title" maw={640}>
      <Stack gap="sm">
        <Title order={2} id="registration-status-title" ref={headingRef} tabIndex={-1}>
          Registration Status
        </Title>
        {/* Sentences, not "Status: … / Message: …": the answer's message names the person, role and firm. */}
        <Text fw={700}>{created.status === 'invited' ? 'Invitation sent.' : 'User created.'}</Text>
        <Text>{created.message}</Text>
        <Group>
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * A firm's users (escrow users; for operators, a managing organisation's operators too), each
 * with their account's state and, where the caller may, Disable or Enable.
 */
export function UserList({ firmId, caller }: { firmId: string; caller: AccountCaller }) {
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
        paginationText={({ from, to, totalRecords }) => pageRangeText(from, to, totalRecords, false)}
        noRecordsText="No users yet."
        columns={[
          { accessor: 'name', title: 'Name' },
          { accessor: 'email', title: 'Email' },
          { accessor: 'phone', title: 'Phone', noWrap: true, render: (user) => (user.phone ? formatPhone(user.phone) : '—') },
          { accessor: 'role', title: 'Role', render: (user) => ROLE_LABELS[user.role] },
          {
            accessor: 'status',
            title: 'Status',
            noWrap: true,
            render: (user) => (
              <AccountStatusCell account={user} canChange={mayChangeAccountStatus(caller, user)} refetch={firmUserKeys.firm(firmId)} />
            ),
          },
        ]}
      />
    </section>
  );
}
