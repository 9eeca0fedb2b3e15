import { Link } from 'react-router';
import { paths } from '../../../../config/paths';
import { useKeepPreference } from '../keep-preference';
import { useKeepStatus } from '../keep-status';
import { KEEP_SETTING_ANCHOR } from './keep-documents-setting';
import '../documents.css';

export const KEPT_LINE = 'Documents of today’s and tomorrow’s assignments are kept on this phone.';
export const NOT_KEPT_LINE = 'Documents are not kept on this phone.';

/**
 * An open order's one line on kept documents: whether the profile's setting keeps them, with a
 * link to change it there, and a problem of the last run (no room on the phone) as an alert.
 */
export function KeepDocumentsLine({ userId }: { userId: string }) {
  const on = useKeepPreference(userId);
  const { report } = useKeepStatus(userId);
  return (
    <div className="keep-line">
      <p className="keep-line__text">
        {on ? KEPT_LINE : NOT_KEPT_LINE}{' '}
        <Link to={`${paths.profile}#${KEEP_SETTING_ANCHOR}`} className="keep-line__link">
          Change in your profile
        </Link>
      </p>
      {on && report?.problem && (
        <p className="form__error" role="alert">
          {report.problem}
        </p>
      )}
    </div>
  );
}
