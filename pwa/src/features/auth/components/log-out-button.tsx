import { useSignOut } from '../api/sign-out';

export function LogOutButton() {
  const { signOut, pending } = useSignOut();
  return (
    <button type="button" className="button button--ghost" onClick={() => void signOut()} disabled={pending}>
      Log Out
    </button>
  );
}
