import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  CREDENTIAL_KINDS,
  CREDENTIAL_LABELS,
  credentialSummary,
  STATE_BOUND_KINDS,
  type CredentialKind,
} from '@signingdesk/domain/credentials';
import { NetworkError } from '../../../lib/api-client';
import { credentialKeys, useOwnCredentials, type Credential } from '../api/credentials';
import { CredentialForm, NEEDS_CONNECTION } from './credential-form';

type Editing = { mode: 'add'; kind: CredentialKind } | { mode: 'renew'; credential: Credential } | null;

/** The agent's credentials with each one's state, and the forms to add or renew one (online only). */
export function CredentialsScreen({ userId }: { userId: string }) {
  const query = useOwnCredentials(userId);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing>(null);
  const [addKind, setAddKind] = useState<CredentialKind | ''>('');
  const [notice, setNotice] = useState<string | null>(null);

  if (query.isPending) return <p className="status-text">Loading your credentials…</p>;
  if (query.isError) {
    return (
      <p className="form__error" role="alert">
        {query.error instanceof NetworkError ? NEEDS_CONNECTION : query.error.message}
      </p>
    );
  }
  const { credentials, certifiedStates } = query.data;
  /** For a state-bound kind, the certified states with none of it on file yet. */
  const freeStates = (kind: CredentialKind) => certifiedStates.filter((s) => !credentials.some((c) => c.kind === kind && c.state === s));
  const addable = CREDENTIAL_KINDS.filter((kind) =>
    STATE_BOUND_KINDS.includes(kind) ? freeStates(kind).length > 0 : !credentials.some((c) => c.kind === kind),
  );
  const done = (message: string) => {
    setEditing(null);
    setAddKind('');
    setNotice(message);
    void queryClient.invalidateQueries({ queryKey: credentialKeys.all });
  };

  return (
    <div className="credentials">
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      {credentials.length === 0 && <p className="status-text">No credentials on file yet. Add your notary commission first.</p>}
      <ul className="credentials__list">
        {credentials.map((c) => (
          <li key={c.id} className="card credential" data-tone={c.status.tone}>
            <div className="credential__head">
              <h2 className="credential__title">
                {c.kindLabel}
                {c.state ? ` — ${c.state}` : ''}
              </h2>
              <span className={`credential__status credential__status--${c.status.tone}`}>{c.status.text}</span>
            </div>
            {credentialSummary(c, { withName: false }) ? (
              <p className="credential__facts">{credentialSummary(c, { withName: false })}</p>
            ) : null}
            {c.document ? <p className="credential__facts">Document: {c.document.fileName}</p> : null}
            {editing?.mode === 'renew' && editing.credential.id === c.id ? (
              <CredentialForm kind={c.kind} states={[]} renewing={c} onDone={done} onCancel={() => setEditing(null)} />
            ) : (
              <button type="button" className="button button--secondary" onClick={() => setEditing({ mode: 'renew', credential: c })}>
                Renew
              </button>
            )}
          </li>
        ))}
      </ul>

      {addable.length > 0 && (
        <section className="credentials__add" aria-labelledby="credentials-add-heading">
          <h2 id="credentials-add-heading">Add a credential</h2>
          {editing?.mode === 'add' ? (
            <CredentialForm
              kind={editing.kind}
              states={freeStates(editing.kind)}
              onDone={done}
              onCancel={() => {
                setEditing(null);
                setAddKind('');
              }}
            />
          ) : (
            <div className="form__field">
              <label htmlFor="credential-kind">Kind</label>
              <div className="credentials__add-row">
                <select id="credential-kind" value={addKind} onChange={(event) => setAddKind(event.target.value as CredentialKind | '')}>
                  <option value="">Choose…</option>
                  {addable.map((kind) => (
                    <option key={kind} value={kind}>
                      {CREDENTIAL_LABELS[kind]}
                    </option>
                  ))}
                </select>
                <button
                  type="button"
                  className="button button--primary"
                  disabled={addKind === ''}
                  onClick={() => addKind && setEditing({ mode: 'add', kind: addKind })}
                >
                  Add
                </button>
              </div>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
