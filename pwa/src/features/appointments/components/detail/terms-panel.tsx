import { Panel } from '../../../../components/panel';
import type { SigningTermsView } from '../../../../types/api';
import { Fact, Facts } from './facts';

/**
 * The order's signing terms (issue 33) as the server words them — scan-back deadline, return of
 * the originals and by when, printing, payment, trip fee, extra signers — one row each, so the
 * agent reads them before claiming and can check the deadlines on the day. A view kept on the
 * phone from before orders carried terms has none: then there is no section at all.
 */
export function TermsPanel({ terms }: { terms?: Pick<SigningTermsView, 'lines'> | undefined }) {
  if (!terms?.lines.length) return null;
  return (
    <Panel id="terms-heading" title="Terms">
      <Facts>
        {terms.lines.map((line) => (
          <Fact key={line.key} label={line.label}>
            {line.value}
          </Fact>
        ))}
      </Facts>
    </Panel>
  );
}
