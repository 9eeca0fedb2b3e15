import { BarChart } from '@mantine/charts';
import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { APPOINTMENT_STATUSES, appointmentStatusLabel } from '@signingdesk/domain/codes';
import { formatUsDate } from '@signingdesk/domain/time-zones';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useDashboard } from '../api/get-dashboard';
import { AtRiskOrders } from './at-risk-orders';
import classes from './dashboard.module.css';
import { CredentialCounts } from './credential-counts';
import '@mantine/charts/styles.css';
import { countText } from '../../../lib/counted';
import { formatEventTime } from '../../../lib/format-date-time';

const STATUS_COLORS: Record<(typeof APPOINTMENT_STATUSES)[number], string> = {
  Open: 'blue.7',
  Pending: 'yellow.7',
  Scheduled: 'teal.7',
  Paused: 'gray.6',
  Completed: 'violet.7',
  Canceled: 'red.7',
};

// The chart is a picture for sighted users (the figures are in a table for screen readers), so
// recharts' keyboard layer, which would make the hidden drawing focusable, is off.
const CHART_PROPS = { accessibilityLayer: false };

/** A chart with its title and, for screen readers, the same figures as a table. */
function Figure({ title, summary, table, children }: { title: string; summary: string; table: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="figure" m={0} aria-label={title}>
      <Title order={3} size="h4" mb={4}>
        {title}
      </Title>
      <Text size="sm" mb="md" component="figcaption">
        {summary}
      </Text>
      <div aria-hidden="true">{children}</div>
      <VisuallyHidden>{table}</VisuallyHidden>
    </Card>
  );
}

function DataTableText({ head, rows }: { head: string[]; rows: (string | number)[][] }) {
  return (
    <table>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h}>{h}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={String(row[0])}>
            {row.map((cell, i) => (
              <td key={i}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The operators' Dashboard (issue 12; a tab beside the spec's, Assignments stays the default):
 * first the orders at risk now (issue 33, item 6), each its own row; then what to act on now,
 * each a count that opens Assignments filtered to exactly those orders, and charts of signings
 * per day by status, in-process orders by state and the median time from order to assignment —
 * all computed by the API in SQL.
 */
export function Dashboard() {
  return (
    <Stack gap="lg">
      <AtRiskOrders />
      <Figures />
    </Stack>
  );
}

/** Everything GET /api/dashboard answers, with the credential counts after the counts to act on. */
function Figures() {
  const dashboard = useDashboard();
  if (dashboard.isPending) return <Skeleton height={320} aria-label="Loading..." />;
  if (dashboard.isError) {
    return (
      <Alert color="red" role="alert" title="The dashboard could not be loaded">
        {dashboard.error.message}
      </Alert>
    );
  }
  const data = dashboard.data;
  const perDay = data.signingsPerDay.map((d) => ({ ...d, label: formatUsDate(d.day).slice(0, 5) }));
  return (
    <Stack gap="lg">
      <section aria-labelledby="act-now-title">
        <Group justify="space-between" mb="sm">
          <Title order={2} id="act-now-title">
            Act on now
          </Title>
          <Text size="sm">As of {formatEventTime(data.generatedAt)}</Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {data.attention.map((bucket) => (
            <UnstyledButton
              key={bucket.kind}
              component={Link}
              to={`${paths.admin}?tab=assignments&attention=${bucket.kind}`}
              className={classes.bucket}
              data-empty={bucket.count === 0 || undefined}
              aria-label={`${countText(bucket.count, bucket.capped)} — ${bucket.label}`}
            >
              <Text className={classes.count}>{countText(bucket.count, bucket.capped)}</Text>
              <Text size="sm">{bucket.label}</Text>
            </UnstyledButton>
          ))}
        </SimpleGrid>
      </section>
      <CredentialCounts />
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Figure
          title="Signings per day by status"
          summary={`${formatUsDate(data.signingsPerDay[0]!.day)} to ${formatUsDate(data.signingsPerDay.at(-1)!.day)}, by signing date.`}
          table={
            <DataTableText
              head={['Day', ...APPOINTMENT_STATUSES.map(appointmentStatusLabel)]}
              rows={data.signingsPerDay.map((d) => [formatUsDate(d.day), ...APPOINTMENT_STATUSES.map((s) => d[s])])}
            />
          }
        >
          <BarChart
            h={260}
            barChartProps={CHART_PROPS}
            data={perDay}
            dataKey="label"
            type="stacked"
            withLegend
            series={APPOINTMENT_STATUSES.map((s) => ({ name: s, label: appointmentStatusLabel(s), color: STATUS_COLORS[s] }))}
          />
        </Figure>
        <Figure
          title="Orders in process by state"
          summary="Open, Pending, Scheduled and On Hold orders; the 12 states with most."
          table={<DataTableText head={['State', 'Orders']} rows={data.inProcessByState.map((r) => [r.state, r.count])} />}
        >
          <BarChart
            h={260}
            barChartProps={CHART_PROPS}
            data={data.inProcessByState}
            dataKey="state"
            series={[{ name: 'count', label: 'Orders', color: 'teal.7' }]}
          />
        </Figure>
        <Figure
          title="Median time from order to assignment"
          summary={
            data.hoursToAssignment.length === 0
              ? 'No order was assigned in the last 30 days.'
              : 'Hours from the order to its first agent, for assignments of the last 30 days, by state.'
          }
          table={
            <DataTableText
              head={['State', 'Median hours', 'Orders']}
              rows={data.hoursToAssignment.map((r) => [r.state, r.medianHours, r.orders])}
            />
          }
        >
          {data.hoursToAssignment.length > 0 ? (
            <BarChart
              h={260}
              barChartProps={CHART_PROPS}
              data={data.hoursToAssignment}
              dataKey="state"
              unit=" h"
              series={[{ name: 'medianHours', label: 'Median hours', color: 'blue.7' }]}
            />
          ) : null}
        </Figure>
      </SimpleGrid>
    </Stack>
  );
}
