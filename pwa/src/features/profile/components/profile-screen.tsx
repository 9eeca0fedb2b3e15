import type { AgentProfile, ProfileBody } from '../../../types/api';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { NetworkError } from '../../../lib/api-client';
import { isWaiting } from '../../../lib/outbox/use-outbox';
import type { Me } from '../../../types/api';
import { useProfile } from '../api/get-profile';
import { profileFromSentItem, useProfileSave } from '../api/update-profile';
import { useMarkFirstScreen } from '../../../lib/first-screen';
import { formatSyncTime } from '../../../lib/format-date-time';
import {
  emptyRegistrationValues,
  fieldErrorsFromServer,
  firstErrorField,
  toProfileBody,
  validateProfileForm,
  valuesFromProfile,
  valuesFromProfileBody,
  type FieldErrors,
  type FormFieldName,
  type ProfileFormValues,
} from '../../../components/agent-profile-form/profile-form-model';
import '../profile.css';
import { ProfileFields } from '../../../components/agent-profile-form/profile-fields';
import { hasUnsavedChanges } from '../unsaved-changes';
import { ProfileSaveStatus } from './profile-save-status';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { RegistrationStatusCard } from './registration-status-card';

interface ProfileScreenProps {
  me: Me;
  /** Called once an edit reached the server (the route refreshes the signed-in name). */
  onSent?: (profile: AgentProfile) => void;
  /**
   * What follows the form (the phone's own settings), shown once the profile has loaded or
   * failed to: shown earlier, a link to it (#part) would scroll to where the form then lands.
   */
  after?: ReactNode;
}

/** The agent's own profile: read-only registration status and the edit form (offline-first). */
export function ProfileScreen({ me, onSent, after }: ProfileScreenProps) {
  const query = useProfile(me.id);
  useMarkFirstScreen(!query.isPending);

  if (query.isPending) {
    return (
      <p className="status-text" role="status">
        <span className="spinner" aria-hidden="true" />
        <span>Loading your profile…</span>
      </p>
    );
  }
  if (query.isError) {
    const offline = query.error instanceof NetworkError;
    return (
      <>
        <div className="notice notice--error" role="alert">
          <p>
            {offline
              ? 'You are offline, and your profile is not on this phone yet. Connect to the internet to load it.'
              : 'Could not load your profile. Please try again.'}
          </p>
          <button type="button" className="button button--secondary" onClick={() => void query.refetch()}>
            Retry
          </button>
        </div>
        {after}
      </>
    );
  }

  const { profile, offlineSince } = query.data;
  return (
    <>
      {offlineSince !== null ? <p className="status-text">Last synced {formatSyncTime(offlineSince)}.</p> : null}
      <RegistrationStatusCard profile={profile} />
      <ProfileEditor userId={me.id} profile={profile} {...(onSent ? { onSent } : {})} />
      {after}
    </>
  );
}

interface ProfileEditorProps {
  userId: string;
  profile: AgentProfile;
  onSent?: (profile: AgentProfile) => void;
}

function ProfileEditor({ userId, profile, onSent }: ProfileEditorProps) {
  const headingId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const { item, resumed, save, dismiss } = useProfileSave(userId, onSent);
  /** What the agent is editing; null shows the base below. */
  const [draft, setDraft] = useState<ProfileFormValues | null>(null);
  /** The body just handed to the outbox, until its row is read back. */
  const [savedBody, setSavedBody] = useState<ProfileBody | null>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  /** Fields edited since the last refusal or check: their old error is no longer shown. */
  const [edited, setEdited] = useState<ReadonlySet<FormFieldName>>(new Set());
  const [storeError, setStoreError] = useState<string | null>(null);
  const [storing, setStoring] = useState(false);

  // A waiting or refused edit is what the agent last asked for: the form shows it. Once sent,
  // the server's profile (normalised: phone format, default certified state) is shown.
  const open = item && (isWaiting(item) || item.state === 'refused') ? item : undefined;
  // The sent answer until the query holds it (no flash of the older copy); a newer profile wins.
  const sentProfile = item ? profileFromSentItem(item) : null;
  const newest = sentProfile && sentProfile.updatedTime > profile.updatedTime ? sentProfile : profile;
  const base: ProfileFormValues =
    open && open.action.kind === 'profile'
      ? valuesFromProfileBody(open.action.body)
      : !item && savedBody
        ? valuesFromProfileBody(savedBody)
        : valuesFromProfile(newest);
  const values = draft ?? base;
  const unsaved = hasUnsavedChanges(draft, base);

  const refusal = item?.state === 'refused' ? fieldErrorsFromServer(item.refusal?.fields, 'profile') : { fields: {}, other: [] };
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries({ ...refusal.fields, ...clientErrors }) as [FormFieldName, string][]) {
    if (!edited.has(field)) errors[field] = message;
  }

  const onChange = (patch: Partial<ProfileFormValues>) => {
    setDraft({ ...values, ...patch });
    setEdited((current) => new Set([...current, ...(Object.keys(patch) as FormFieldName[])]));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStoreError(null);
    const found = validateProfileForm({ ...emptyRegistrationValues(), ...values }, 'profile');
    const first = firstErrorField(found);
    if (first) {
      setClientErrors(found);
      setEdited(new Set());
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus());
      return;
    }
    const body = toProfileBody(values);
    setStoring(true);
    try {
      await save(body);
      setSavedBody(body);
      setDraft(null);
      setClientErrors({});
      setEdited(new Set());
    } catch (error) {
      console.warn('Could not store the profile edit', error);
      setStoreError('Your changes could not be stored on this phone. Please try again.');
    } finally {
      setStoring(false);
    }
  };

  const onDismiss = async () => {
    // What the agent typed stays in the form; only the refusal goes.
    setDraft(values);
    setSavedBody(null);
    await dismiss();
  };

  return (
    <section className="profile-editor" aria-labelledby={headingId}>
      <h2 id={headingId}>Edit your profile</h2>
      <UnsavedChangesGuard when={unsaved && !storing} />
      {resumed && open && isWaiting(open) ? (
        <p className="profile-editor__resumed">These changes were saved on this phone earlier and have not been sent yet.</p>
      ) : null}
      <form ref={formRef} className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <ProfileFields mode="profile" values={values} errors={errors} onChange={onChange} />
        <ProfileSaveStatus item={item} otherErrors={refusal.other} onDismiss={() => void onDismiss()} />
        {Object.keys(clientErrors).length > 0 && firstErrorField(errors) ? (
          <p className="form__error" role="alert">
            Please correct the fields marked above.
          </p>
        ) : null}
        {storeError ? (
          <p className="form__error" role="alert">
            {storeError}
          </p>
        ) : null}
        <button type="submit" className="button button--primary button--block" disabled={storing} aria-busy={storing}>
          Save Profile
        </button>
      </form>
    </section>
  );
}
