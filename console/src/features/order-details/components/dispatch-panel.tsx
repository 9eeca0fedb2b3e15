import { Alert, Button, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { Schemas } from '../../../lib/api-client';
import { formatEventTime } from '../../../lib/format-date-time';
import { showToast } from '../../../lib/toast';
import { useDispatch, useDispatchControl, type DispatchControl } from '../api/dispatch';
import { operatorActionsFor } from '../utils/operator-rules';
import { errorMessage } from './use-operator-run';

type Order = Schemas['OperatorAppointment'];

/** The latest entries shown before "Show all": a long dispatch logs every agent of every wave. */
const LOG_PREVIEW = 12;

const CONTROL_TITLES: Record<DispatchControl, string> = {
  start: 'Dispatch started',
  resume: 'Dispatch resumed',
  pause: 'Dispatch paused',
  stop: 'Dispatch stopped',
};

/**
 * Automatic dispatch in the operator's request view (issue 32, decision 067): where it stands
 * (the wave, when the next one goes out, why it handed the order to the operators), its
 * controls — start or resume while the order takes offers and has no agent, pause, stop — and
 * the order's dispatch log, newest first: who was offered when, in which wave and why they were
 * ranked there, who answered how, who was skipped and why.
 */
export function DispatchPanel({ order }: { order: Order }) {
  const dispatch = useDispatch(order.id);
  const control = useDispatchControl(order.id);
  const [showAll, setShowAll] = useState(false);
  const can = operatorActionsFor({ ...order, assigned: order.assignedAgent !== null });

  const run = (action: DispatchControl) =>
    control.mutate(action, {
      onSuccess: (result) => showToast({ title: CONTROL_TITLES[action], message: result.message }),
      onError: (error) => showToast({ title: 'That did not work', message: errorMessage(error), tone: 'error' }),
    });

  const view = dispatch.data;
  const state = view?.state ?? null;
  // An order that was never dispatched and cannot be now (assigned, closed) has nothing to show.
  if (state === null && !can.dispatch) return null;
  const log = [...(view?.log ?? [])].reverse();
  const shown = showAll ? log : log.slice(0, LOG_PREVIEW);
  const busy = control.isPending;
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="dispatch-title">
      <Title order={2} id="dispatch-title" mb="xs">
        Automatic dispatch
      </Title>
      {dispatch.isPending ? <Skeleton height={80} aria-label="Loading..." /> : null}
      {dispatch.isError ? (
        <Text role="alert" c="red.8">
          The dispatch could not be loaded: {dispatch.error.message}
        </Text>
      ) : null}
      {view ? (
        <>
          <Text mb="xs" aria-live="polite">
            {state === null
              ? 'Not dispatched yet: start dispatch to offer the order to the best-ranked eligible agents, a few at a time.'
              : `${view.label}${view.wave > 0 ? ` — wave ${view.wave}` : ''}${
                  state === 'running' && view.nextWaveAt ? `; the next wave goes out at ${formatEventTime(view.nextWaveAt)}` : ''
                }${view.restarts > 0 ? ` (restarted ${view.restarts === 1 ? 'once' : `${view.restarts} times`})` : ''}`}
          </Text>
          {view.reason && state !== 'filled' ? (
            <Alert color="red" mb="sm" title="Why an operator is needed">
              {view.reason}
            </Alert>
          ) : null}
          <Group gap="sm" mb="md">
            {state === 'paused' ? (
              <Button disabled={!can.dispatch || busy} onClick={() => run('resume')}>
                Resume dispatch
              </Button>
            ) : state !== 'running' ? (
              <Button disabled={!can.dispatch || busy} onClick={() => run('start')}>
                Start dispatch
              </Button>
            ) : null}
            {state === 'running' ? (
              <Button variant="default" disabled={busy} onClick={() => run('pause')}>
                Pause dispatch
              </Button>
            ) : null}
            {state === 'running' || state === 'paused' ? (
              <Button variant="default" color="red.9" disabled={busy} onClick={() => run('stop')}>
                Stop dispatch
              </Button>
            ) : null}
          </Group>
          <Title order={3} size="h5" id="dispatch-log-title" mb="xs">
            Dispatch log
          </Title>
          {log.length === 0 ? (
            <Text size="sm">Nothing yet.</Text>
          ) : (
            <>
              <Table.ScrollContainer minWidth={560}>
                <Table striped aria-labelledby="dispatch-log-title">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Time</Table.Th>
                      <Table.Th>Wave</Table.Th>
                      <Table.Th>What happened</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((entry) => (
                      <Table.Tr key={entry.id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <time dateTime={entry.at}>{formatEventTime(entry.at)}</time>
                        </Table.Td>
                        <Table.Td>{entry.wave ? entry.wave : '—'}</Table.Td>
                        <Table.Td>{entry.line}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
              {log.length > LOG_PREVIEW ? (
                <Button variant="subtle" size="xs" mt="xs" onClick={() => setShowAll((all) => !all)}>
                  {showAll ? `Show the latest ${LOG_PREVIEW}` : `Show all ${log.length} entries`}
                </Button>
              ) : null}
            </>
          )}
        </>
      ) : null}
    </Card>
  );
}
