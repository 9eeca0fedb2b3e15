import { SCORE_EXPLANATION, scorecardLines } from '@signingdesk/domain/scorecard';
import { useOwnRecord } from '../api/get-record';
import '../record.css';

/**
 * "Your record" (issue 31): the agent's score and each line it is made of, with what the line
 * counts in plain words. Escrow officers' ratings show as an average only, never one by one.
 */
export function RecordScreen({ userId }: { userId: string }) {
  const record = useOwnRecord(userId);
  if (record.isPending) return <p className="status-text">Loading your record…</p>;
  if (record.isError) {
    return (
      <div className="notice notice--error" role="alert">
        <p>Your record could not be loaded: {record.error.message}</p>
        <button type="button" className="button button--secondary" onClick={() => void record.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  const { score, counts } = record.data;
  return (
    <>
      <section className="record-score" aria-labelledby="record-score-title">
        <h2 id="record-score-title" className="record-score__title">
          Your score
        </h2>
        <p className="record-score__value">
          {score} <span className="record-score__of">/ 100</span>
        </p>
        <p className="record-score__note">{SCORE_EXPLANATION}</p>
      </section>
      <ul className="record-lines" aria-label="What your score is made of">
        {scorecardLines(counts).map((line) => (
          <li key={line.key} className="record-line">
            <div className="record-line__head">
              <span className="record-line__label">{line.label}</span>
              <span className="record-line__value">{line.value}</span>
            </div>
            <p className="record-line__explanation">{line.explanation}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
