import { List, SimpleGrid, Text } from '@mantine/core';
import { RATING_TAG_LABELS } from '@signingdesk/domain/escrow-rating';
import { SCORE_EXPLANATION, scorecardLines } from '@signingdesk/domain/scorecard';
import { Fragment } from 'react';
import { formatEventTime } from '../../../lib/format-date-time';
import { useAgentScorecard } from '../api/agent-scorecard';
import { ProfilePanel } from './profile-panel';

/**
 * The profile modal's Scorecard (issue 31): the score, each line it is made of, and the latest
 * escrow ratings with their orders — computed from the agent's history by the API.
 */
export function AgentScorecardPanel({ agentId }: { agentId: string }) {
  return (
    <ProfilePanel
      title="Scorecard"
      query={useAgentScorecard(agentId)}
      aside={(card) => (
        <Text fw={700} aria-label={`Score ${card.score} of 100`}>
          Score {card.score} / 100
        </Text>
      )}
    >
      {(card) => (
        <>
          <Text size="xs" c="dimmed" mb="xs">
            {SCORE_EXPLANATION}
          </Text>
          <SimpleGrid component="dl" cols={2} spacing={4} verticalSpacing={4} m={0}>
            {scorecardLines(card.counts).map((line) => (
              <Fragment key={line.key}>
                <Text component="dt" size="sm" fw={700} title={line.explanation}>
                  {line.label}
                </Text>
                <Text component="dd" size="sm" m={0}>
                  {line.value}
                </Text>
              </Fragment>
            ))}
          </SimpleGrid>
          {card.recentRatings.length ? (
            <>
              <Text size="sm" fw={700} mt="sm">
                Latest escrow ratings
              </Text>
              <List size="sm" spacing={2}>
                {card.recentRatings.map((r) => (
                  <List.Item key={r.appointmentId}>
                    {`${r.stars}/5 · ${r.name} (${r.firm}) · ${formatEventTime(r.createdAt)}`}
                    {r.tags.length ? ` · ${r.tags.map((t) => RATING_TAG_LABELS[t]).join(', ')}` : ''}
                    {r.comment ? ` — “${r.comment}”` : ''}
                  </List.Item>
                ))}
              </List>
            </>
          ) : null}
        </>
      )}
    </ProfilePanel>
  );
}
