import { Alert, Anchor, Badge, Button, Card, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { ZIP_MESSAGE } from '@signingdesk/domain/fields';
import { CreateFirmSchema, DEFAULT_MANAGING_ORG_NUMBER, feeDigits, MANAGING_ORG_NUMBERS, ZIP_ALERT } from '@signingdesk/domain/firm-input';
import { formatCents } from '@signingdesk/domain/money';
import { STATE_PLACEHOLDER, US_STATES } from '@signingdesk/domain/us-states';
import { DataTable } from 'mantine-datatable';
import { useState, type FormEvent } from 'react';
import type { AccountCaller } from '../../../lib/account-status';
import type { Schemas } from '../../../lib/api-client';
import { saveProblem } from '../../../lib/server-field-errors';
import { showToast } from '../../../lib/toast';
import { FIRMS_PAGE_SIZE, useAddFirm, useFirms } from '../api/firms';
import { UserList } from './firm-users';
import { FirmRequirements } from './firm-requirements';
import { FirmDispatchSettings } from './firm-dispatch-settings';
import { FirmOrderTerms } from './firm-order-terms';
import { FirmAccess } from './firm-access';
import { isOperator } from '@signingdesk/domain/roles';
import 'mantine-datatable/styles.css';
import { pageRangeText } from '../../../lib/counted';

type Firm = Schemas['Firm'];
type Values = {
  name: string;
  contactName: string;
  contactEmail: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  serviceFee: string;
  managingOrgNumber: string;
};
const EMPTY: Values = {
  name: '',
  contactName: '',
  contactEmail: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  serviceFee: '',
  managingOrgNumber: String(DEFAULT_MANAGING_ORG_NUMBER),
};
const STATES = [{ value: '', label: STATE_PLACEHOLDER }, ...US_STATES.map((s) => ({ value: s, label: s }))];

/**
 * Add Firm (spec 02 §5, admin only): every field required; a zip that is not 5 digits says
 * 'Zip code must be a 5-digit number' on the field and, on submit, 'Please enter a valid
 * 5-digit ZIP code.'; the fee keeps its digits and one decimal point behind a $; the server
 * title-cases the names, lowercases the email and refuses a taken name in its own words.
 */
/** The managing organizations by name, their number beside it (spec 02 §3: 3000, 3001). */
function managingChoices(managing: { orgNumber: number; name: string }[]) {
  return MANAGING_ORG_NUMBERS.map((n) => {
    const name = managing.find((org) => org.orgNumber === n)?.name;
    return { value: String(n), label: name ? `${name} (${n})` : String(n) };
  });
}

function AddFirm({ onDone, managing }: { onDone: () => void; managing: { orgNumber: number; name: string }[] }) {
  const form = useForm<Values>({
    initialValues: EMPTY,
    validate: schemaResolver(CreateFirmSchema, { sync: true }),
    validateInputOnBlur: true,
  });
  const add = useAddFirm();
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const check = form.validate();
    if (check.hasErrors) {
      if (check.errors.zip === ZIP_MESSAGE) setProblem(ZIP_ALERT);
      return;
    }
    const values = form.getValues();
    const outcome = await add.mutateAsync({
      ...values,
      state: values.state as Schemas['CreateFirm']['state'],
      managingOrgNumber: Number(values.managingOrgNumber) as 3000 | 3001,
    });
    if (outcome.type === 'ok') {
      showToast({ title: 'Firm added', message: outcome.data.message });
      form.reset();
      onDone();
    } else setProblem(saveProblem(form, outcome));
  };
  const fee = form.getInputProps('serviceFee');
  return (
    <Card
      withBorder
      padding="lg"
      component="form"
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
      aria-labelledby="add-firm-title"
    >
      <Title order={2} id="add-firm-title" mb="md">
        Add Firm
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="md">
        <TextInput label="Organization name" withAsterisk {...form.getInputProps('name')} />
        <TextInput label="Contact name" withAsterisk {...form.getInputProps('contactName')} />
        <TextInput label="Contact email" type="email" withAsterisk {...form.getInputProps('contactEmail')} />
        <TextInput label="Address" withAsterisk {...form.getInputProps('address')} />
        <TextInput label="City" withAsterisk {...form.getInputProps('city')} />
        <NativeSelect label="State" withAsterisk data={STATES} {...form.getInputProps('state')} />
        <TextInput label="Zip" withAsterisk inputMode="numeric" maxLength={5} {...form.getInputProps('zip')} />
        <TextInput
          label="Service fee"
          withAsterisk
          leftSection="$"
          inputMode="decimal"
          {...fee}
          onChange={(event) => form.setFieldValue('serviceFee', feeDigits(event.currentTarget.value))}
        />
        <NativeSelect label="Managing organization" data={managingChoices(managing)} {...form.getInputProps('managingOrgNumber')} />
      </SimpleGrid>
      {problem ? (
        <Alert color="red" role="alert" mb="md">
          {problem}
        </Alert>
      ) : null}
      <Group>
        <Button type="submit" loading={add.isPending}>
          Add Firm
        </Button>
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
      </Group>
    </Card>
  );
}

/**
 * Firms (spec 02 §2): the table (name, contact, address, city, state, zip, service fee); a
 * firm's name shows its escrow users; Add Firm for admins only (the API refuses others too).
 * Below, the managing organisations, whose users are the operators. In each list, Disable and
 * Enable where the caller's role may (lib/account-status.ts).
 */
export function Firms({ canAdd, caller }: { canAdd: boolean; caller: AccountCaller }) {
  const [page, setPage] = useState(1);
  const firms = useFirms(page);
  const [adding, setAdding] = useState(false);
  const [chosen, setChosen] = useState<{ id: string; name: string; kind?: Firm['kind'] } | null>(null);
  const managing = firms.data?.managingOrganizations ?? [];
  // As the list has it now (disabled or not), not as it was when chosen.
  const chosenFirm = firms.data?.items.find((firm) => firm.id === chosen?.id);
  return (
    <Stack gap="xl">
      {canAdd && !adding ? (
        <div>
          <Button onClick={() => setAdding(true)}>Add Firm</Button>
        </div>
      ) : null}
      {adding ? <AddFirm onDone={() => setAdding(false)} managing={managing} /> : null}
      {firms.isError ? (
        <Alert color="red" role="alert">
          {firms.error.message}
        </Alert>
      ) : null}
      <DataTable<Firm>
        aria-label="Firms"
        withTableBorder
        striped
        minHeight={firms.data?.items.length ? undefined : 160}
        fetching={firms.isFetching}
        records={firms.data?.items ?? []}
        idAccessor="id"
        totalRecords={firms.data?.total ?? 0}
        recordsPerPage={FIRMS_PAGE_SIZE}
        page={page}
        onPageChange={setPage}
        paginationText={({ from, to, totalRecords }) => pageRangeText(from, to, totalRecords, false)}
        noRecordsText="No firms yet."
        columns={[
          {
            accessor: 'name',
            title: 'Firm',
            render: (firm) => (
              <Group gap="xs" wrap="nowrap">
                <Anchor component="button" type="button" fz="sm" onClick={() => setChosen(firm)} aria-pressed={chosen?.id === firm.id}>
                  {firm.name}
                </Anchor>
                {firm.disabledAt !== null ? (
                  <Badge color="red.9" variant="filled" size="sm">
                    Disabled
                  </Badge>
                ) : null}
              </Group>
            ),
          },
          { accessor: 'contactName', title: 'Contact', render: (firm) => firm.contactName ?? '—' },
          { accessor: 'address', title: 'Address', render: (firm) => firm.address ?? '—' },
          { accessor: 'city', title: 'City', render: (firm) => firm.city ?? '—' },
          { accessor: 'state', title: 'State', render: (firm) => firm.state ?? '—' },
          { accessor: 'zip', title: 'Zip', render: (firm) => firm.zip ?? '—' },
          { accessor: 'serviceFeeCents', title: 'Service fee', render: (firm) => formatCents(firm.serviceFeeCents) },
        ]}
      />
      {managing.length > 0 ? (
        <Group gap="xs" role="group" aria-label="Operator teams">
          <Text size="sm">Operators of:</Text>
          {managing.map((org) => (
            <Anchor
              key={org.id}
              component="button"
              type="button"
              fz="sm"
              onClick={() => setChosen(org)}
              aria-pressed={chosen?.id === org.id}
            >
              {org.name} ({org.orgNumber})
            </Anchor>
          ))}
        </Group>
      ) : null}
      {chosenFirm?.kind === 'title_firm' && caller.role === 'admin' ? <FirmAccess firm={chosenFirm} /> : null}
      {chosen && chosen.kind !== undefined && isOperator(caller.role) ? (
        <>
          <FirmRequirements firmId={chosen.id} firmName={chosen.name} />
          <FirmDispatchSettings firmId={chosen.id} firmName={chosen.name} />
          <FirmOrderTerms firmId={chosen.id} />
        </>
      ) : null}
      {chosen ? <UserList key={chosen.id} firmId={chosen.id} caller={caller} /> : null}
    </Stack>
  );
}
