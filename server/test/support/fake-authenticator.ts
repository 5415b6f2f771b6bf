import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/**
 * A software authenticator for the server suites (docs/testing.md): what a
 * browser and a platform authenticator would send to `addPasskey` and
 * `signInWithPasskey`, built by hand from the WebAuthn Level 2 formats:
 * ES256 keys from node:crypto, an attestationObject with `fmt: none`, and
 * authenticator data with the flags asked for. Each ceremony takes the
 * server's `optionsJSON` and may bend one thing (the origin, the relying
 * party id, user verification, the counter, the signature) to provoke a
 * refusal.
 */

/** The flags of authenticator data (WebAuthn §6.1). */
const UP = 0x01;
const UV = 0x04;
const BE = 0x08;
const BS = 0x10;
const AT = 0x40;

/** A credential the fake holds: what a passkey provider keeps. */
export type FakeCredential = {
  id: Buffer;
  privateKey: KeyObject;
  publicKeyCose: Buffer;
  rpId: string;
  userHandle: string;
  counter: number;
};

export type CeremonyBend = {
  /** The origin in clientDataJSON. @default the authenticator's */
  origin?: string;
  /** The relying party id hashed into authenticator data. @default the options' */
  rpId?: string;
  /** Set the UV flag. @default true */
  userVerified?: boolean;
  /** The signature counter to report (sign-in), or to start from (registration). */
  counter?: number;
  /** Flip a byte of the signature (sign-in). */
  badSignature?: boolean;
  /** Answer this challenge instead of the options' (base64url). */
  challenge?: string;
};

export class FakeAuthenticator {
  readonly aaguid: Buffer;
  /** Every credential made, newest last. */
  readonly credentials: FakeCredential[] = [];

  constructor(
    readonly origin: string,
    options: { aaguid?: string; backedUp?: boolean; counting?: boolean } = {},
  ) {
    this.aaguid = Buffer.from(
      (options.aaguid ?? '00000000-0000-0000-0000-000000000000').replace(/-/g, ''),
      'hex',
    );
    this.backedUp = options.backedUp ?? true;
    this.counting = options.counting ?? false;
  }

  /** A synced passkey: BE and BS set, as iCloud Keychain or Google Password Manager report. */
  readonly backedUp: boolean;
  /** Whether sign-ins raise the counter (a security key) or report 0 (a synced passkey). */
  readonly counting: boolean;

  /** The answer to beginPasskeyRegistration's options: a new credential, or `reuse` one already made. */
  register(optionsJSON: string, bend: CeremonyBend = {}, reuse?: FakeCredential): string {
    const options = JSON.parse(optionsJSON) as {
      challenge: string;
      rp: { id: string };
      user: { id: string };
    };
    const rpId = options.rp.id;
    const credential = reuse ?? this.newCredential(rpId, options.user.id, bend.counter ?? 0);
    const clientDataJSON = this.clientData(
      'webauthn.create',
      bend.challenge ?? options.challenge,
      bend,
    );
    const attested = Buffer.concat([
      this.aaguid,
      u16(credential.id.length),
      credential.id,
      credential.publicKeyCose,
    ]);
    const authData = this.authData(bend.rpId ?? rpId, bend, AT, credential.counter, attested);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const id = credential.id.toString('base64url');
    return JSON.stringify({
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        attestationObject: attestationObject.toString('base64url'),
        transports: ['internal', 'hybrid'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
  }

  /** The answer to beginPasskeySignIn's options, with `credential` (default: the newest made). */
  authenticate(
    optionsJSON: string,
    bend: CeremonyBend = {},
    credential = this.credentials.at(-1),
  ): string {
    if (!credential) throw new Error('the fake authenticator holds no credential');
    const options = JSON.parse(optionsJSON) as { challenge: string; rpId: string };
    if (bend.counter !== undefined) credential.counter = bend.counter;
    else if (this.counting) credential.counter += 1;
    const clientDataJSON = this.clientData(
      'webauthn.get',
      bend.challenge ?? options.challenge,
      bend,
    );
    const authData = this.authData(bend.rpId ?? options.rpId, bend, 0, credential.counter);
    const signed = Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]);
    const signature = sign('sha256', signed, credential.privateKey);
    if (bend.badSignature)
      signature.writeUInt8((signature.at(-1) ?? 0) ^ 0xff, signature.length - 1);
    const id = credential.id.toString('base64url');
    return JSON.stringify({
      id,
      rawId: id,
      type: 'public-key',
      response: {
        clientDataJSON: clientDataJSON.toString('base64url'),
        authenticatorData: authData.toString('base64url'),
        signature: signature.toString('base64url'),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    });
  }

  private newCredential(rpId: string, userHandle: string, counter: number): FakeCredential {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    // The COSE_Key of an ES256 key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
    const publicKeyCose = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x as string, 'base64url')],
        [-3, Buffer.from(jwk.y as string, 'base64url')],
      ]),
    );
    const credential = {
      id: randomBytes(16),
      privateKey,
      publicKeyCose,
      rpId,
      userHandle,
      counter,
    };
    this.credentials.push(credential);
    return credential;
  }

  private clientData(type: string, challenge: string, bend: CeremonyBend): Buffer {
    return Buffer.from(
      JSON.stringify({ type, challenge, origin: bend.origin ?? this.origin, crossOrigin: false }),
    );
  }

  private authData(
    rpId: string,
    bend: CeremonyBend,
    extraFlags: number,
    counter: number,
    attested: Buffer = Buffer.alloc(0),
  ): Buffer {
    let flags = UP | extraFlags;
    if (bend.userVerified ?? true) flags |= UV;
    if (this.backedUp) flags |= BE | BS;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([
      createHash('sha256').update(rpId).digest(),
      Buffer.from([flags]),
      count,
      attested,
    ]);
  }
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}

/** The little of CBOR (RFC 8949) these structures need: integers, byte and text strings, maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) return Buffer.concat([Buffer.from([(major << 5) | 25]), u16(n)]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (Buffer.isBuffer(value)) return Buffer.concat([head(2, value.length), value]);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Map) {
    const parts = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}
