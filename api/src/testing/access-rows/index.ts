// The matrix rows of each module beyond the order workflow (see testing/access-matrix.ts), read only by access-matrix.db.test.ts.
import type { RowsFactory } from '../access-matrix';
import { filesAccessRows } from './files.access-rows';
import { firmsAccessRows } from './firms.access-rows';
import { usersAccessRows } from './users.access-rows';
import { agentsAccessRows } from './agents.access-rows';
import { availabilityAccessRows } from './availability.access-rows';
import { publicFormsAccessRows } from './public-forms.access-rows';
import { passwordResetsAccessRows } from './password-resets.access-rows';
import { feedbackAccessRows } from './feedback.access-rows';
import { notificationsAccessRows } from './notifications.access-rows';
import { eventsAccessRows } from './events.access-rows';
import { dashboardAccessRows } from './dashboard.access-rows';
import { agentComplianceAccessRows } from './agent-compliance.access-rows';
import { credentialsAccessRows } from './credentials.access-rows';
import { scorecardAccessRows } from './scorecard.access-rows';
import { dispatchAccessRows } from './dispatch.access-rows';
import { signingTermsAccessRows } from './signing-terms.access-rows';
import { signingDayAccessRows } from './signing-day.access-rows';
import { apiKeysAccessRows } from './api-keys.access-rows';
import { webhooksAccessRows } from './webhooks.access-rows';

export const MODULE_ROWS: RowsFactory[] = [
  filesAccessRows,
  firmsAccessRows,
  usersAccessRows,
  agentsAccessRows,
  availabilityAccessRows,
  publicFormsAccessRows,
  passwordResetsAccessRows,
  feedbackAccessRows,
  notificationsAccessRows,
  eventsAccessRows,
  dashboardAccessRows,
  agentComplianceAccessRows,
  credentialsAccessRows,
  scorecardAccessRows,
  dispatchAccessRows,
  signingTermsAccessRows,
  signingDayAccessRows,
  apiKeysAccessRows,
  webhooksAccessRows,
];
