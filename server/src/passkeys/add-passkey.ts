import { randomUUID } from 'node:crypto';
import { verifyRegistrationResponse } from '@simplewebauthn/server';
import { lockAccount } from '../accounts/suspension-store.js';
import type { ChangeSource } from '../changes/change-source.js';
import {
  InvalidPasskeyResponseError,
  PasskeyLimitReachedError,
  PasskeyNotRecognizedError,
} from '../errors.js';
import type { Services } from '../services.js';
import type { SessionRow } from '../sessions/session-store.js';
import { authenticatorName } from './known-authenticators.js';
import { parseRegistrationResponse } from './parse-passkey-response.js';
import { consumePasskeyChallenge } from './passkey-challenge-store.js';
import { newPasskeyName } from './passkey-name.js';
import {
  countPasskeys,
  findPasskeyByCredentialId,
  insertPasskey,
  type PasskeyRow,
} from './passkey-store.js';
import { passkeyView } from './passkey-view.js';
import { relyingParty, SUPPORTED_ALGORITHM_IDS } from './relying-party.js';

/** What addPasskey reads of the services. */
export type AddPasskeyServices = Pick<Services, 'changes' | 'clock' | 'config' | 'db'>;

export type AddPasskeyParameters = {
  /** A session a wallet signed in recently: the resolver checked it (graphql/require-wallet-session.ts). */
  session: SessionRow;
  challengeId: string;
  responseJSON: string;
  name: string | null | undefined;
  source: ChangeSource;
};

/**
 * The second half of adding a passkey (docs/passkeys.md): the browser's
 * response is checked against the challenge this session was given, the
 * relying party id and PUBLIC_URL's origin, with user verification
 * required. Then, in one transaction under the account's lock, the limit is
 * counted again, a credential already registered anywhere is refused (never
 * moved between accounts), and the passkey is stored and recorded
 * (`passkey_added`, `passkey.added`, PASSKEY_ADDED). A refusal stores nothing
 * but the challenge's use.
 */
export async function addPasskey(
  services: AddPasskeyServices,
  p: AddPasskeyParameters,
): Promise<PasskeyRow> {
  const { db, config, clock, changes } = services;
  const response = parseRegistrationResponse(p.responseJSON);
  // The name is checked before the challenge is used up: a typo costs no ceremony.
  const givenName = p.name == null ? p.name : newPasskeyName(p.name, null);
  const challenge = await consumePasskeyChallenge(db, {
    id: p.challengeId,
    purpose: 'registration',
    sessionId: p.session.id,
    now: clock(),
  });
  const { rpID, origin } = relyingParty(config);
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHM_IDS,
    });
  } catch (error) {
    throw new InvalidPasskeyResponseError(
      `The passkey response could not be verified: ${(error as Error).message}`,
    );
  }
  if (!verified.verified) throw new InvalidPasskeyResponseError();
  const info = verified.registrationInfo;
  const authenticator = authenticatorName(info.aaguid);
  const now = clock();
  const row: PasskeyRow = {
    id: randomUUID(),
    account_id: p.session.account_id,
    credential_id: info.credential.id,
    public_key: Buffer.from(info.credential.publicKey).toString('base64url'),
    counter: info.credential.counter,
    transports: JSON.stringify(info.credential.transports ?? []),
    backed_up: info.credentialBackedUp ? 1 : 0,
    device_type: info.credentialDeviceType,
    aaguid: info.aaguid,
    authenticator,
    name: givenName ?? newPasskeyName(null, authenticator),
    created_at: now,
    last_used_at: null,
    removed_at: null,
  };
  return changes.commit(async ({ trx, record, publish }) => {
    // Two additions at once count one after the other.
    await lockAccount(trx, row.account_id);
    const limit = config.passkeys.maxPerAccount;
    if ((await countPasskeys(trx, row.account_id)) >= limit) {
      throw new PasskeyLimitReachedError(limit);
    }
    if (await findPasskeyByCredentialId(trx, row.credential_id)) {
      throw new PasskeyNotRecognizedError('This passkey is already registered.');
    }
    await insertPasskey(trx, row);
    await record(
      { ...p.source, at: now },
      {
        action: 'passkey_added',
        accountId: row.account_id,
        passkeyId: row.id,
        name: row.name,
        backedUp: row.backed_up === 1,
        authenticator: row.authenticator,
      },
    );
    publish({
      type: 'PASSKEY_ADDED',
      at: now,
      accountId: row.account_id,
      actor: 'SELF',
      sessionId: p.session.id,
      passkey: passkeyView(row),
    });
    return row;
  });
}
