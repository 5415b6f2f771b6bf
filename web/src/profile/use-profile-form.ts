import { ApolloError, useMutation, useQuery } from '@apollo/client';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import {
  AccountProfileDocument,
  type AccountProfileQuery,
  RemoveAvatarDocument,
  UpdateProfileDocument,
} from '../graphql/generated/graphql';
import { ErrorCode } from '../graphql/generated/schema-enums';
import { avatarProblem, bioProblem, displayNameProblem } from './profile-rules';
import { uploadAvatar } from './upload-avatar';

export type ProfileData = NonNullable<AccountProfileQuery['me']>;

const PROFILE_SAVE_FAILED = msg`The profile could not be saved. Please try again.`;
const AVATAR_FAILED = msg`The image could not be uploaded. Please try again.`;
const AVATAR_REMOVE_FAILED = msg`The avatar could not be removed. Please try again.`;

export type ProfileForm = {
  account: ProfileData | null;
  failed: boolean;
  displayName: string;
  bio: string;
  isPublic: boolean;
  setDisplayName(value: string): void;
  setBio(value: string): void;
  setPublic(value: boolean): void;
  displayNameProblem: string | null;
  bioProblem: string | null;
  dirty: boolean;
  saving: boolean;
  saved: boolean;
  save(): Promise<void>;
  /** The server's refusal of the last save, upload or removal, in its words or ours. */
  error: string | null;
  uploading: boolean;
  upload(file: File): Promise<void>;
  removing: boolean;
  removeAvatar(): Promise<void>;
};

/**
 * The server's message for a refusal of the person's input (it names the rule);
 * anything else (network, unexpected) gets `fallback`.
 */
function refusalMessage(error: unknown, fallback: MessageDescriptor): string {
  if (error instanceof ApolloError) {
    const refusal = error.graphQLErrors.find(
      (item) => item.extensions?.code === ErrorCode.BadUserInput,
    );
    if (refusal) return refusal.message;
  }
  return i18n._(fallback);
}

/** The Profile section's state: the saved profile, the edits, and every server round trip. */
export function useProfileForm(): ProfileForm {
  const query = useQuery(AccountProfileDocument, { fetchPolicy: 'cache-and-network' });
  const [updateProfile, update] = useMutation(UpdateProfileDocument);
  const [removeAvatarMutation, removal] = useMutation(RemoveAvatarDocument);
  const account = query.data?.me ?? null;
  const profile = account?.profile;

  const [displayName, setDisplayName] = useState('');
  const [bio, setBio] = useState('');
  const [isPublic, setPublic] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [uploading, setUploading] = useState(false);

  // The form starts from what the server holds, and again after each save.
  useEffect(() => {
    if (!profile) return;
    setDisplayName(profile.displayName ?? '');
    setBio(profile.bio ?? '');
    setPublic(profile.public);
  }, [profile]);

  const dirty =
    profile !== undefined &&
    (displayName !== (profile.displayName ?? '') ||
      bio !== (profile.bio ?? '') ||
      isPublic !== profile.public);
  const nameProblem = displayNameProblem(displayName);
  const bioRuleProblem = bioProblem(bio);

  return {
    account,
    failed: !account && query.error !== undefined,
    displayName,
    bio,
    isPublic,
    setDisplayName(value) {
      setSaved(false);
      setDisplayName(value);
    },
    setBio(value) {
      setSaved(false);
      setBio(value);
    },
    setPublic(value) {
      setSaved(false);
      setPublic(value);
    },
    displayNameProblem: nameProblem,
    bioProblem: bioRuleProblem,
    dirty,
    saving: update.loading,
    saved,
    async save() {
      if (nameProblem || bioRuleProblem) return;
      setError(null);
      setSaved(false);
      try {
        // An empty field clears the value on the server (null), it is not a name of "".
        await updateProfile({
          variables: {
            input: {
              displayName: displayName === '' ? null : displayName,
              bio: bio === '' ? null : bio,
              public: isPublic,
            },
          },
          refetchQueries: [AccountProfileDocument],
          awaitRefetchQueries: true,
        });
        setSaved(true);
      } catch (failure) {
        setError(refusalMessage(failure, PROFILE_SAVE_FAILED));
      }
    },
    error,
    uploading,
    async upload(file) {
      setError(null);
      const problem = avatarProblem(file);
      if (problem) {
        setError(problem);
        return;
      }
      setUploading(true);
      try {
        const result = await uploadAvatar({ file });
        if (!result.ok) {
          setError(
            result.code === ErrorCode.BadUserInput && result.message
              ? result.message
              : i18n._(AVATAR_FAILED),
          );
          return;
        }
        await query.refetch();
      } catch {
        setError(i18n._(AVATAR_FAILED));
      } finally {
        setUploading(false);
      }
    },
    removing: removal.loading,
    async removeAvatar() {
      setError(null);
      try {
        await removeAvatarMutation({
          refetchQueries: [AccountProfileDocument],
          awaitRefetchQueries: true,
        });
      } catch (failure) {
        setError(refusalMessage(failure, AVATAR_REMOVE_FAILED));
      }
    },
  };
}
