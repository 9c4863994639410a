import { Suspense } from 'react';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useMe } from '../../../features/auth/api/get-me.ts';
import { useProfile } from '../../../features/profile/api/get-profile.ts';
import { ProfileForm } from '../../../features/profile/components/profile-form.tsx';
import { ShipToAddresses } from '../../../features/addresses/components/ship-to-addresses.tsx';
import { lazyPart } from '../../../lib/lazy-part.ts';

// The sales overview and its charts are a chunk of their own: only an admin's dashboard loads it.
const SalesDashboard = lazyPart(() => import('../../../features/stats/components/sales-dashboard.tsx'));

/** The dashboard's index: My Profile and the ship-to addresses, under the sales overview for an admin. */
export default function ProfilePage() {
  const me = useMe();
  const profile = useProfile({ enabled: Boolean(me.data) });
  const isAdmin = me.data?.role === 'admin';

  return (
    <div className="flex flex-col gap-10">
      {isAdmin && (
        <Suspense fallback={<Spinner label="Loading the sales overview" />}>
          <SalesDashboard />
        </Suspense>
      )}
      <section
        aria-labelledby="profile-heading"
        className={`flex max-w-3xl flex-col gap-6 ${isAdmin ? 'border-t border-base-300 pt-8' : ''}`}
      >
        <header>
          <h2 id="profile-heading" className="text-2xl font-bold text-primary">
            My Profile
          </h2>
          <p className="text-base-content/70">Your contact details prefill every order you place.</p>
        </header>
        {profile.isError ? (
          <div role="alert" className="alert alert-error">
            <span>We could not load your profile. {profile.error.message}</span>
            <button type="button" className="btn btn-sm" onClick={() => void profile.refetch()}>
              Retry
            </button>
          </div>
        ) : !me.data || profile.isPending ? (
          <Spinner label="Loading your profile" />
        ) : (
          <ProfileForm account={me.data} profile={profile.data} />
        )}
      </section>
      {/* Not named by its heading (aria-labelledby) on purpose: a look-up of the control labelled "Address", as the specs make, would find it beside My Profile's field. */}
      {me.data && (
        <section className="flex max-w-3xl flex-col gap-6 border-t border-base-300 pt-8">
          <ShipToAddresses />
        </section>
      )}
    </div>
  );
}
