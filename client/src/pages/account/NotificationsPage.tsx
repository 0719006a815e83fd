import { PageHeader } from '../../components/PageHeader.tsx';
import { NotificationsSwitch } from '../../push/PushSwitch.tsx';

/** What a member's device shows once notifications are on (server/src/services/push.ts sends these). */
const MEMBER_PUSH_DESCRIPTION =
  "Your coach's replies to your assistance flags, flags your coach closes and your coach's messages appear on this device, even when the app is closed.";

/** /with_menu/notifications: the member turns notifications on or off for the device in hand. */
export default function NotificationsPage() {
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <PageHeader eyebrow="Account settings" title="Notifications">
        <p className="muted">
          Each phone or computer you use is switched on or off on its own. What a notification shows is a short line,
          never your health details.
        </p>
      </PageHeader>
      <div className="panel">
        <NotificationsSwitch description={MEMBER_PUSH_DESCRIPTION} />
      </div>
    </section>
  );
}
