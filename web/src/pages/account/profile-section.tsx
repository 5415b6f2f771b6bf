import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { GenericErrorMessage } from '../../app/generic-error';
import { pathTo } from '../../app/path-to';
import { Link } from '../../components/link';
import { ProfileAvatar } from '../../profile/profile-avatar';
import {
  AVATAR_TYPES,
  BIO_MAX,
  DISPLAY_NAME_MAX,
  profileLength,
} from '../../profile/profile-rules';
import { useProfileForm } from '../../profile/use-profile-form';

/** Name, bio, avatar and whether the public page shows them; the server's rules mirrored while typing. */
export function ProfileSection() {
  const form = useProfileForm();
  const ids = useId();
  const nameId = `${ids}-name`;
  const bioId = `${ids}-bio`;
  const fileId = `${ids}-avatar`;
  const { t } = useLingui();

  if (form.failed) {
    return (
      <section className="card" aria-labelledby="profile-title">
        <h2 id="profile-title">
          <Trans>Profile</Trans>
        </h2>
        <p role="alert">
          <GenericErrorMessage />
        </p>
      </section>
    );
  }
  const account = form.account;
  if (!account) {
    return (
      <section className="card" aria-labelledby="profile-title">
        <h2 id="profile-title">
          <Trans>Profile</Trans>
        </h2>
        <p className="muted" role="status">
          <Trans>Loading your profile…</Trans>
        </p>
      </section>
    );
  }
  const nameLength = profileLength(form.displayName);
  const bioLength = profileLength(form.bio);
  const avatar = account.profile.avatar;
  return (
    <section
      className="card profile-section"
      aria-labelledby="profile-title"
      data-testid="profile-section"
    >
      <h2 id="profile-title">
        <Trans>Profile</Trans>
      </h2>
      <div className="profile-avatar-row">
        <ProfileAvatar
          image={avatar}
          address={account.address}
          size={96}
          className="avatar-large"
        />
        <div className="profile-avatar-actions">
          <label
            className="button button-secondary file-button"
            htmlFor={fileId}
            aria-busy={form.uploading}
          >
            {form.uploading ? t`Uploading…` : avatar ? t`Replace avatar` : t`Upload avatar`}
          </label>
          <input
            id={fileId}
            className="visually-hidden"
            type="file"
            accept={AVATAR_TYPES.join(',')}
            data-testid="avatar-input"
            disabled={form.uploading}
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              if (file) void form.upload(file);
            }}
          />
          {avatar ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={form.removing || form.uploading}
              onClick={() => void form.removeAvatar()}
            >
              <Trans>Remove avatar</Trans>
            </button>
          ) : null}
          <p className="muted small">
            <Trans>
              PNG, JPEG, WebP, GIF or AVIF, up to 5 MiB. Without one, your primary wallet's ENS
              avatar or a generated one is shown.
            </Trans>
          </p>
        </div>
      </div>
      <form
        className="profile-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void form.save();
        }}
      >
        <div className="field">
          <div className="field-label-row">
            <label htmlFor={nameId}>
              <Trans>Display name</Trans>
            </label>
            <span
              className={nameLength > DISPLAY_NAME_MAX ? 'counter counter-over' : 'counter'}
              data-testid="name-counter"
              aria-live="polite"
            >
              {nameLength} / {DISPLAY_NAME_MAX}
            </span>
          </div>
          <input
            id={nameId}
            type="text"
            autoComplete="nickname"
            value={form.displayName}
            aria-invalid={form.displayNameProblem !== null}
            aria-describedby={form.displayNameProblem ? `${nameId}-problem` : undefined}
            onChange={(event) => form.setDisplayName(event.currentTarget.value)}
          />
          {form.displayNameProblem ? (
            <p id={`${nameId}-problem`} className="inline-error" data-testid="name-problem">
              {form.displayNameProblem}
            </p>
          ) : null}
        </div>
        <div className="field">
          <div className="field-label-row">
            <label htmlFor={bioId}>
              <Trans>Bio</Trans>
            </label>
            <span
              className={bioLength > BIO_MAX ? 'counter counter-over' : 'counter'}
              data-testid="bio-counter"
              aria-live="polite"
            >
              {bioLength} / {BIO_MAX}
            </span>
          </div>
          <textarea
            id={bioId}
            rows={3}
            value={form.bio}
            aria-invalid={form.bioProblem !== null}
            aria-describedby={form.bioProblem ? `${bioId}-problem` : undefined}
            onChange={(event) => form.setBio(event.currentTarget.value)}
          />
          {form.bioProblem ? (
            <p id={`${bioId}-problem`} className="inline-error" data-testid="bio-problem">
              {form.bioProblem}
            </p>
          ) : null}
        </div>
        <div className="field">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={form.isPublic}
              aria-describedby={`${ids}-public-hint`}
              onChange={(event) => form.setPublic(event.currentTarget.checked)}
            />
            <Trans>Make my profile public</Trans>
          </label>
          <p id={`${ids}-public-hint`} className="muted small">
            <Trans>
              Anyone with the link then sees your name, bio, avatar and the wallets you publish in
              the Wallets section below, each with its proof.
            </Trans>
          </p>
        </div>
        {form.error ? (
          <p className="inline-error" role="alert" data-testid="profile-error">
            {form.error}
          </p>
        ) : null}
        <div className="actions">
          <button
            type="submit"
            className="button"
            disabled={
              !form.dirty ||
              form.saving ||
              form.displayNameProblem !== null ||
              form.bioProblem !== null
            }
            aria-busy={form.saving}
          >
            {form.saving ? t`Saving…` : t`Save profile`}
          </button>
          <span role="status" className="muted">
            {form.saved ? t`Saved.` : ''}
          </span>
          {account.profile.public ? (
            <Link
              to={pathTo('publicProfile', { address: account.address })}
              data-testid="public-page-link"
            >
              <Trans>View your public page</Trans>
            </Link>
          ) : null}
        </div>
      </form>
    </section>
  );
}
