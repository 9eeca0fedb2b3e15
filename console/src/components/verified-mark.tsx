import { Badge } from '@mantine/core';

/**
 * The operators' "Verified" mark on a signing agent (domain/credentials.ts agentVerified: every
 * required credential verified and in date), beside the agent in search, the profile modal and
 * bids. The API answers `verified`; this only shows it.
 */
export function VerifiedMark() {
  return (
    <Badge
      size="sm"
      color="teal.9"
      variant="outline"
      style={{ textTransform: 'none' }}
      title="Every required credential is verified and in date"
    >
      ✓ Verified
    </Badge>
  );
}
