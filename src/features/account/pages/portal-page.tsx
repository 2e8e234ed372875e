/**
 * /portal: the member's Personal Information (docs/rules.md#portal), rows
 * only for values present, and who of the charity's staff has looked at
 * his record (docs/rules.md#record-access). Saved for offline reading under
 * the member's id.
 */
import { Suspense, useState } from 'react';
import { lazyWhenOnline } from '@/lib/lazy-when-online';
import { Link } from 'react-router-dom';
import { paths } from '@/lib/paths';
import { formatProfileId, type MemberProfile } from '@/domain/member-profile';
import { formatLongDate } from '@/domain/format';
import { Spinner } from '@/lib/ui/spinner';
import { useDocumentTitle } from '@/lib/use-document-title';
import { CompleteProfileRedirect } from '@/lib/complete-profile-redirect';
import { isProfileMissing } from '@/lib/member-profile-query';
import { useProfile } from '../api/get-profile';
import { MemberSidebar } from '../components/member-sidebar';
import { NextTestDue } from '../components/next-test-due';
import { EmailChoicesSection } from '../components/email-choices-form';
import { MyDataSection } from '../components/my-data-section';
import { RecordAccessSection } from '../components/record-access-section';
import { ProfileEditForm } from '../components/profile-edit-form';
import { RequireMember } from '@/lib/require-member';
import type { MemberSession } from '@/lib/session';
import '../account.css';

// Reads IndexedDB and the caches: loaded after the profile, only here.
const OfflineDataPanel = lazyWhenOnline(() => import('../components/offline-data-panel'));

function rows(p: MemberProfile): [string, string | null][] {
  const name = [p.first_name, p.last_name].filter(Boolean).join(' ');
  return [
    ['Name', name || null],
    ['Email', p.email],
    ['Phone', p.phone],
    ['Gender', p.gender],
    ['Date of birth', p.date_of_birth ? formatLongDate(p.date_of_birth) : null],
    ['Ethnicity', p.ethnicity],
    ['Occupation', p.occupation],
    ['Home address', p.home_address],
    ['Billing address', p.billing_address],
    ['NHS number', p.nhs_number],
    ['Profile ID', formatProfileId(p.profile_id)],
  ];
}

/**
 * A staff account need not be a member's: staff of any age may hold one,
 * and the member details' rules (40 to 80) are not theirs to meet. Such an
 * account keeps the portal, with the way to the console, and may still
 * add member details to book for itself.
 */
function StaffWithoutProfile() {
  return (
    <div className="page member-page">
      <MemberSidebar profile={undefined} />
      <section className="member-main" aria-labelledby="portal-title">
        <h1 id="portal-title">Personal Information</h1>
        <p>This staff account has no member details.</p>
        <p>
          <Link className="button button-primary" to={paths.staff}>
            Open the staff console
          </Link>
        </p>
        <p>
          To book a screening for yourself, <Link to={paths.completeProfile}>add your member details</Link>.
        </p>
      </section>
    </div>
  );
}

function Portal({ member: { userId, staff } }: { member: MemberSession }) {
  const profile = useProfile(userId);
  const [editing, setEditing] = useState(false);
  if (isProfileMissing(profile.error)) return staff ? <StaffWithoutProfile /> : <CompleteProfileRedirect />;
  return (
    <div className="page member-page">
      <MemberSidebar profile={profile.data} />
      <section className="member-main" aria-labelledby="portal-title">
        <h1 id="portal-title">Personal Information</h1>
        <NextTestDue userId={userId} publicId={profile.data?.public_id} />
        {profile.data && editing ? (
          <ProfileEditForm profile={profile.data} userId={userId} onDone={() => setEditing(false)} />
        ) : profile.data ? (
          <>
          <table className="profile-table">
            <tbody>
              {rows(profile.data)
                .filter(([, value]) => value)
                .map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{value}</td>
                  </tr>
                ))}
            </tbody>
          </table>
          <button type="button" className="button button-primary" onClick={() => setEditing(true)}>
            Edit
          </button>
          <EmailChoicesSection userId={userId} />
          <RecordAccessSection userId={userId} />
          <MyDataSection />
          </>
        ) : profile.isError ? (
          <p className="form-failure" role="alert">
            {profile.error.message}
          </p>
        ) : (
          <Spinner label="Loading user data..." />
        )}
        <Suspense fallback={null}>
          <OfflineDataPanel />
        </Suspense>
      </section>
    </div>
  );
}

export default function PortalPage() {
  useDocumentTitle('Your profile');
  return <RequireMember>{(member) => <Portal member={member} />}</RequireMember>;
}
