import sharp from 'sharp';
import { uploadFile } from '../../server/test/support/upload-file.js';
import { describeErrors, GraphQLClient } from '../../testing/graphql-client.js';
import { prepareSignedMessages } from '../sign-in/prepare-signed-messages.js';

/**
 * Signs a fresh wallet in, gives it a name, a bio and a photo-like avatar,
 * and makes the profile and the wallet public: what a visitor following a
 * `/u/<address>` link sees. Resolves with the address.
 */
export async function publishProfile(serverUrl: string): Promise<string> {
  const [signed] = await prepareSignedMessages({ url: serverUrl, count: 1 });
  if (!signed) throw new Error('no signed message');
  const client = new GraphQLClient({ url: serverUrl, origin: serverUrl });
  const signIn = await client.request(
    'mutation($m: String!, $s: String!) { signIn(message: $m, signature: $s) { session { id } } }',
    { m: signed.message, s: signed.signature },
  );
  if (signIn.errors) throw new Error(`signIn failed: ${describeErrors(signIn)}`);
  const photo = await sharp({
    create: {
      width: 1024,
      height: 1024,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .blur(2)
    .jpeg({ quality: 90 })
    .toBuffer();
  const upload = await uploadFile<{ setAvatar: { avatar: { id: string } } }>(
    client,
    'mutation($file: File!) { setAvatar(file: $file) { avatar { id } } }',
    photo,
    { name: 'photo.jpg', type: 'image/jpeg' },
  );
  if (!upload.data?.setAvatar.avatar.id) {
    throw new Error(`setAvatar failed: ${upload.text.slice(0, 300)}`);
  }
  const published = await client.request(
    `mutation($a: Address!) {
      updateProfile(input: { displayName: "Ada Lovelace", bio: "Counts engines, proves wallets.", public: true }) { public }
      setWalletVisibility(address: $a, public: true) { public }
    }`,
    { a: signed.address },
  );
  if (published.errors) throw new Error(`publishing failed: ${describeErrors(published)}`);
  return signed.address;
}
