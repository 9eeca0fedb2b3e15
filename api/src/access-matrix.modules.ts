// The matrix rows of each module beyond the order workflow (see testing/access-matrix.ts).
import type { RowsFactory } from './testing/access-matrix';
import { filesAccessRows } from './modules/files/files.access-rows';
import { firmsAccessRows } from './modules/firms/firms.access-rows';
import { usersAccessRows } from './modules/users/users.access-rows';
import { agentsAccessRows } from './modules/agents/agents.access-rows';
import { publicFormsAccessRows } from './modules/public-forms/public-forms.access-rows';
import { passwordResetsAccessRows } from './modules/password-resets/password-resets.access-rows';
import { feedbackAccessRows } from './modules/feedback/feedback.access-rows';
import { notificationsAccessRows } from './modules/notifications/notifications.access-rows';
import { eventsAccessRows } from './modules/events/events.access-rows';
import { dashboardAccessRows } from './modules/appointments/dashboard.access-rows';

export const MODULE_ROWS: RowsFactory[] = [
  filesAccessRows,
  firmsAccessRows,
  usersAccessRows,
  agentsAccessRows,
  publicFormsAccessRows,
  passwordResetsAccessRows,
  feedbackAccessRows,
  notificationsAccessRows,
  eventsAccessRows,
  dashboardAccessRows,
];
