import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CustomerProfile, customerPhotoField, messages, shopRoutes as routes } from '@tillbook/contract';
import { type ChangeEvent, type FormEvent, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { must } from '../../lib/http.ts';
import { notify } from '../../lib/notices.tsx';
import { updateStoredUser } from '../../lib/session.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { Field, formValues } from './Field.tsx';
import { LoggedOut } from './LoggedOut.tsx';
import { useLogout } from './logout.ts';
import { useShopper } from './shopper.ts';
import { useSubmit } from './use-submit.ts';
import './account.css';

const labels = {
  username: 'Username',
  firstName: 'First name',
  lastName: 'Last name',
  phone: 'Phone',
  address: 'Address',
  profileImage: 'Photo',
};

import { profileKey } from './profile-key.ts';

/** The chosen photo's preview: an object URL, released when the photo changes or the page closes. */
function usePreview(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

function ProfileForm({ profile }: { profile: CustomerProfile }) {
  const queryClient = useQueryClient();
  const logout = useLogout();
  const { busy, errors, run } = useSubmit(labels);
  const [photo, setPhoto] = useState<File | null>(null);
  const preview = usePreview(photo);
  const shown = preview ?? profile.profileImage;

  function onPhoto(event: ChangeEvent<HTMLInputElement>) {
    setPhoto(event.currentTarget.files?.[0] ?? null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const body = new FormData();
    for (const name of ['username', 'firstName', 'lastName', 'phone', 'address'] as const) body.set(name, (values[name] ?? '').trim());
    if (photo) body.set(customerPhotoField, photo);
    void run(
      () => api(routes.customerSession.updateProfile, { params: { id: profile.id }, body }),
      (saved) => {
        queryClient.setQueryData(profileKey, saved);
        updateStoredUser({
          username: saved.username,
          firstName: saved.firstName,
          lastName: saved.lastName,
          profileImage: saved.profileImage,
        });
        setPhoto(null);
        notify.success(messages.updated);
      },
    );
  }

  return (
    <form className="account-form" onSubmit={onSubmit} noValidate data-testid="profile-form">
      <div className="account-photo">
        {shown ? <img src={shown} alt={profile.username ?? 'You'} data-testid="profile-photo" /> : <span className="account-photo-empty" />}
        <div className="account-field">
          <label htmlFor="account-profileImage">{labels.profileImage}</label>
          <input id="account-profileImage" type="file" accept="image/*" onChange={onPhoto} />
          {errors.profileImage && <span className="account-error">{errors.profileImage}</span>}
        </div>
      </div>
      <div className="account-field">
        <span className="account-hint">Email</span>
        <span data-testid="profile-email">{profile.email}</span>
      </div>
      <Field name="username" label={labels.username} defaultValue={profile.username ?? ''} error={errors.username} />
      <div className="account-row">
        <Field
          name="firstName"
          label={labels.firstName}
          autoComplete="given-name"
          defaultValue={profile.firstName ?? ''}
          error={errors.firstName}
        />
        <Field
          name="lastName"
          label={labels.lastName}
          autoComplete="family-name"
          defaultValue={profile.lastName ?? ''}
          error={errors.lastName}
        />
      </div>
      <Field name="phone" label={labels.phone} type="tel" autoComplete="tel" defaultValue={profile.phone ?? ''} error={errors.phone} />
      <div className="account-field">
        <label htmlFor="account-address">{labels.address}</label>
        <textarea
          id="account-address"
          name="address"
          rows={3}
          autoComplete="street-address"
          defaultValue={profile.address ?? ''}
          aria-invalid={errors.address ? true : undefined}
        />
        {errors.address && <span className="account-error">{errors.address}</span>}
      </div>
      <button type="submit" className="account-button" disabled={busy}>
        {busy ? 'Saving…' : 'Save'}
      </button>
      <div className="account-links">
        <Link to="/change-password">Change password</Link>
        <Link to="/orders">My orders</Link>
        <Link to="/wishlist">My wishlist</Link>
        <button type="button" className="account-button account-button-plain" onClick={() => void logout()}>
          Logout
        </button>
      </div>
    </form>
  );
}

/** The shopper's own profile: names, phone, address and photo. Without a session (or after a 401) it says so and links to the login. */
export function ProfilePage() {
  const shopper = useShopper();
  const profile = useQuery({
    queryKey: profileKey,
    queryFn: () => must(api(routes.customerSession.profile)),
    enabled: shopper !== null,
  });
  const status = (profile.error as { status?: number } | null)?.status;
  if (!shopper || status === 401) return <LoggedOut title="My profile" />;
  return (
    <main className="account-page account-page-wide" data-testid="shopper-profile">
      <h1>My profile</h1>
      {profile.data ? (
        <ProfileForm key={profile.data.updatedAt} profile={profile.data} />
      ) : profile.error ? (
        <p className="account-error" role="alert">
          {profile.error.message}
        </p>
      ) : (
        <Spinner />
      )}
    </main>
  );
}
