import { ADMIN_MEMBER_MESSAGE } from '@evolution/shared';
import { trpc } from '../../../api/trpc.ts';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { TabLinks } from '../../../components/ui/TabLinks.tsx';
import { ButtonLink } from '../../../components/ui/Button.tsx';
import type { PageProps } from '../../../router/routeTypes.ts';
import { AdminScreen } from '../common/AdminScreen.tsx';
import { auditLogHref } from '../audit/auditQuery.ts';
import { ADMIN_USER_TABS, readMemberId } from './record.ts';
import { RECORD_TABS, useCatalogueToast, type RecordTabKey } from './tabs.tsx';
import './members.css';

/** The tab of the path: its last part (/admin/user/{id}/{tab}). */
const tabOf = (path: string): RecordTabKey => (path.split('/').at(-1) ?? 'contact_information') as RecordTabKey;

/**
 * /admin/user/{id}/{tab}: a member's whole record, one tab per route name (docs/spec/admin.md "User detail tabs"). Each tab
 * loads its own call; reads of health data are written to the audit log by the server.
 */
export default function MemberRecordPage({ params, route }: PageProps) {
  const id = readMemberId(params.id);
  const tab = tabOf(route.path);
  // A 404 (nobody, or an admin's id) is said on the screen, not in a toast.
  const member = trpc.admin.members.member.useQuery(
    { id: id ?? 0 },
    { enabled: id !== null, staleTime: 0, meta: { silentErrors: true } },
  );
  // Any other failure (401, 403, 500) still gets the error catalogue's toast.
  useCatalogueToast(member.error);
  const Tab = RECORD_TABS[tab];
  const title = ADMIN_USER_TABS.find((t) => t.key === tab)?.title ?? route.title;

  return (
    <AdminScreen
      title={member.data ? member.data.name : 'Member record'}
      back={{ href: '/admin/user_management', label: 'User Management' }}
      actions={
        member.data && (
          <ButtonLink href={auditLogHref({ member_id: member.data.id })} variant="secondary" size="sm">
            Who read this record
          </ButtonLink>
        )
      }
      className="member-record"
    >
      {member.data && <p className="muted member-record__email">{member.data.email}</p>}
      {(id === null || member.isError) && <p className="empty">{ADMIN_MEMBER_MESSAGE.memberNotFound}</p>}
      {member.isPending && id !== null && <Spinner label="Loading the member" />}
      {member.data && (
        <>
          <TabLinks
            label="Member record"
            className="member-record__tabs"
            links={ADMIN_USER_TABS.map((t) => ({
              key: t.key,
              href: `/admin/user/${member.data.id}/${t.key}`,
              label: t.title,
            }))}
            current={tab}
          />
          <section className="member-record__tab" aria-labelledby="tab-title">
            <h2 id="tab-title" className="member-record__tab-title">
              {title}
            </h2>
            {Tab ? <Tab memberId={member.data.id} /> : <p className="empty">{ADMIN_MEMBER_MESSAGE.noData}</p>}
          </section>
        </>
      )}
    </AdminScreen>
  );
}
