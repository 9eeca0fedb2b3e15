import { Box, Card, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import type { Schemas } from '../../../lib/api-client';
import classes from './order-terms.module.css';

/**
 * The order's signing terms (issue 33) as every screen lists them — the API's `terms.lines`,
 * with the exact local deadlines — label beside value like the Details card's rows, as a
 * description list.
 */
export function OrderTerms({ terms }: { terms: Schemas['SigningTerms'] }) {
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="signing-terms-title">
      <Title order={2} id="signing-terms-title" mb="md">
        Signing terms
      </Title>
      <Box component="dl" className={classes.list}>
        {terms.lines.map((line) => (
          <Fragment key={line.key}>
            <Text component="dt" fw={700} size="sm">
              {line.label}
            </Text>
            <Text component="dd" size="sm" className={classes.value}>
              {line.value}
            </Text>
          </Fragment>
        ))}
      </Box>
    </Card>
  );
}
