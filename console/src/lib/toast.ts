/**
 * Result toasts (@mantine/notifications): the console's one way to say "done" or "failed"
 * after an action, with a labelled close button (Mantine's has no name of its own).
 */
import { notifications } from '@mantine/notifications';

export function showToast({ title, message, tone = 'success' }: { title: string; message: string; tone?: 'success' | 'error' }) {
  notifications.show({
    title,
    message,
    color: tone === 'success' ? 'teal' : 'red',
    closeButtonProps: { 'aria-label': 'Close notification' },
    // Mantine's dimmed description grey is 3.3:1 on white, under AA: the body text colour instead.
    styles: { description: { color: 'var(--mantine-color-text)' } },
  });
}
