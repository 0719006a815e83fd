import { Toast } from 'radix-ui';
import { dismiss, useNotices, type NoticeVariant } from './notifier.ts';
import './Toaster.css';

const TITLE: Record<NoticeVariant, string> = { danger: 'Error', success: 'Done', warning: 'Warning', info: 'Notice' };

/** Renders the notifier's notices with Radix Toast (its own live region announces them to screen readers). */
export function Toaster() {
  const notices = useNotices();
  return (
    <Toast.Provider swipeDirection="right" label="Notification">
      {notices.map((n) => (
        <Toast.Root
          key={n.id}
          className={`toast toast--${n.variant}`}
          duration={n.duration}
          type={n.variant === 'danger' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) setTimeout(() => dismiss(n.id), 200);
          }}
        >
          <Toast.Title className="toast__title">{TITLE[n.variant]}</Toast.Title>
          <Toast.Description className="toast__message">{n.message}</Toast.Description>
          <Toast.Close className="toast__close" aria-label="Dismiss notification">
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" label="Notifications ({hotkey})" />
    </Toast.Provider>
  );
}
