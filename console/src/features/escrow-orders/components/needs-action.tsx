import { Alert, Anchor, Badge, Button, Group, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useCameFromHere } from '../../../lib/came-from';
import { useEscrowNeeds, type EscrowNeed } from '../api/list-escrow-needs';
import classes from './needs-action.module.css';

/** Shown at first; the rest behind "Show all", so the orders' own list stays in view. */
const FIRST_SHOWN = 5;

/**
 * "Needs your action" above In Process (issue 33, item 6): the officer's orders whose signing is
 * near and that still wait for them (no documents less than 24 hours before), oldest first, each
 * with the one action and a link to the order to take it. Nothing at all when nothing waits: the
 * block means something only if it is not always there.
 */
export function NeedsAction() {
  const needs = useEscrowNeeds();
  const [showAll, setShowAll] = useState(false);
  const cameFrom = useCameFromHere();
  if (needs.isError) {
    return (
      <Alert color="red" role="alert" title="What needs your action could not be loaded" mb="md">
        {needs.error.message}
      </Alert>
    );
  }
  const items = needs.data?.items ?? [];
  if (items.length === 0) return null;
  const shown = showAll ? items : items.slice(0, FIRST_SHOWN);
  return (
    <Paper component="section" aria-labelledby="needs-action-title" withBorder radius="md" p="md" mb="lg" className={classes.block}>
      <Group gap="sm" mb="xs">
        <Title order={2} size="h4" id="needs-action-title">
          Needs your action
        </Title>
        <Badge color="red.9">
          {items.length}
          <VisuallyHidden>{items.length === 1 ? ' order' : ' orders'}</VisuallyHidden>
        </Badge>
      </Group>
      <ul className={classes.list}>
        {shown.map((need) => (
          <li key={`${need.appointmentId}:${need.reason}`} className={classes.item}>
            <Group justify="space-between" gap="sm" py="sm">
              <div className={classes.what}>
                <Text fw={700}>
                  {need.signingText} · {need.fileNumber ? `File ${need.fileNumber}` : need.name}
                </Text>
                <Text size="sm">
                  {need.place} — {need.label}
                </Text>
              </div>
              <Button component={Link} to={paths.originatorOrder(need.appointmentId)} state={cameFrom} color="red.9" size="sm">
                {need.action}
                <VisuallyHidden> for {orderOf(need)}</VisuallyHidden>
              </Button>
            </Group>
          </li>
        ))}
      </ul>
      {items.length > FIRST_SHOWN ? (
        <Anchor component="button" type="button" fz="sm" aria-expanded={showAll} onClick={() => setShowAll((all) => !all)}>
          {showAll ? 'Show fewer' : `Show all ${items.length}`}
        </Anchor>
      ) : null}
    </Paper>
  );
}

const orderOf = (need: EscrowNeed) => (need.fileNumber ? `file ${need.fileNumber}` : need.name);
