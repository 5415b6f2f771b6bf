import { chainNamespaceEnum } from '../accounts/chain-namespace-enum.js';
import { rowChain } from '../accounts/row-chain.js';
import { walletCaip10 } from '../accounts/wallet-caip10.js';
import { enforceRateLimit } from '../auth/rate-limit/enforce-rate-limit.js';
import { type ChangeSource, changeSourceOf } from '../changes/change-source.js';
import { BadUserInputError } from '../errors.js';
import type { Resolvers } from '../graphql/generated/resolvers-types.js';
import { requireSession } from '../graphql/require-session.js';
import { MAX_IMAGE_BYTES } from '../images/image-limits.js';
import { deleteImagesOfAccount, findImageMeta, insertImage } from '../images/image-store.js';
import { type IngestedImage, ingestImage } from '../images/ingest-image.js';
import type { Services } from '../services.js';
import type { Db } from '../store/database.js';
import { findProfile, type ProfileRow, updateProfile } from './profile-store.js';
import { findPublicProfile } from './public-profile-store.js';
import { profileChanges } from './validate-profile.js';

const avatarOf = (db: Db, profile: Pick<ProfileRow, 'avatar_image_id'>) =>
  profile.avatar_image_id
    ? findImageMeta(db, profile.avatar_image_id).then((i) => i ?? null)
    : null;

/** Replaces the avatar (or removes it, with null); the previous image goes with the change. */
async function replaceAvatar(
  changes: Services['changes'],
  p: { accountId: string; now: number; image: IngestedImage | null; source: ChangeSource },
): Promise<ProfileRow> {
  return changes.commit(async ({ trx, record }) => {
    const inserted = p.image
      ? await insertImage(trx, { accountId: p.accountId, image: p.image, now: p.now })
      : null;
    const profile = await updateProfile(trx, {
      accountId: p.accountId,
      changes: { avatar_image_id: inserted?.id ?? null },
      now: p.now,
    });
    await deleteImagesOfAccount(trx, { accountId: p.accountId, keep: profile.avatar_image_id });
    await record(
      { ...p.source, at: p.now },
      { action: 'profile_updated', accountId: p.accountId, fields: ['avatar'] },
    );
    return profile;
  });
}

/** The account's profile, its avatar upload, and the public profile anyone may read. */
export const profileResolvers: Resolvers = {
  Query: {
    async publicProfile(_parent, args, context) {
      const { db, clock } = context.services;
      return (await findPublicProfile(db, args.address, clock())) ?? null;
    },
  },

  Account: {
    profile: (account, _args, context) => findProfile(context.services.db, account.id),
  },

  Profile: {
    displayName: (profile) => profile.display_name,
    bio: (profile) => profile.bio,
    avatar: (profile, _args, context) => avatarOf(context.services.db, profile),
    public: (profile) => profile.public === 1,
  },

  PublicProfile: {
    address: (model) => model.address,
    displayName: (model) => model.profile.display_name,
    bio: (model) => model.profile.bio,
    avatar: (model, _args, context) => avatarOf(context.services.db, model.profile),
    wallets: (model) => model.wallets,
  },

  PublicWallet: {
    address: (wallet) => wallet.address,
    kind: (wallet) => wallet.kind,
    chainId: (wallet) => wallet.chain_id,
    namespace: (wallet) => chainNamespaceEnum(wallet.namespace),
    caip10: (wallet) => walletCaip10(wallet),
    proof: (wallet) => ({
      message: wallet.proof_message,
      signature: wallet.proof_signature,
      chainId: wallet.proof_chain_id,
      chain: rowChain({ chain_id: wallet.proof_chain_id, chain: wallet.proof_chain }),
      signedAt: wallet.proof_at,
    }),
  },

  Mutation: {
    async updateProfile(_parent, args, context) {
      const session = requireSession(context);
      const { clock } = context.services;
      const changes = profileChanges(args.input);
      // The audit log names the fields sent, never their values.
      const fields = Object.entries(args.input)
        .filter(([, value]) => value !== undefined)
        .map(([field]) => field)
        .sort();
      const now = clock();
      return context.services.changes.commit(async ({ trx, record }) => {
        const profile = await updateProfile(trx, { accountId: session.account_id, changes, now });
        if (fields.length === 0) return profile;
        await record(
          { ...changeSourceOf(context, session.account_id), at: now },
          { action: 'profile_updated', accountId: session.account_id, fields },
        );
        return profile;
      });
    },

    async setAvatar(_parent, args, context) {
      const session = requireSession(context);
      await enforceRateLimit(context, 'setAvatar');
      const file = args.file;
      if (file.size > MAX_IMAGE_BYTES) {
        throw new BadUserInputError(`file must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MiB.`);
      }
      // Counted per client as the rate limits are: one person's expensive
      // images hold their own places in the line, never another's.
      const image = await ingestImage(new Uint8Array(await file.arrayBuffer()), {
        queue: context.services.images.queues.uploads,
        client: context.clientAddress,
      });
      return replaceAvatar(context.services.changes, {
        accountId: session.account_id,
        now: context.services.clock(),
        image,
        source: changeSourceOf(context, session.account_id),
      });
    },

    async removeAvatar(_parent, _args, context) {
      const session = requireSession(context);
      return replaceAvatar(context.services.changes, {
        accountId: session.account_id,
        now: context.services.clock(),
        image: null,
        source: changeSourceOf(context, session.account_id),
      });
    },
  },
};
