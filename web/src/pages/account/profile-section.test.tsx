import { ApolloClient, ApolloProvider, HttpLink, InMemoryCache } from '@apollo/client';
import { generatedAvatarColours } from '@sigil/profile-rules';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { RuntimeConfigContext } from '../../app/runtime-config-context';
import { cacheTypePolicies } from '../../graphql/create-graphql-client';
import { runtimeConfigFixture } from '../../test/runtime-config-fixture';
import { createSchemaFetch } from '../../test/schema-fetch';
import { wagmiTestConfig } from '../../test/wagmi-test-config';
import { wagmiWrapper } from '../../test/wagmi-wrapper';
import { ProfileSection } from './profile-section';

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

type ServerProfile = {
  displayName: string | null;
  bio: string | null;
  public: boolean;
  avatar: null;
};

/** The section against the real schema, with `updateProfile` answered by `onUpdate`. */
function setUp(onUpdate?: (input: Record<string, unknown>) => ServerProfile) {
  const server: { profile: ServerProfile } = {
    profile: { displayName: 'Ada', bio: null, public: false, avatar: null },
  };
  const fetch = createSchemaFetch({
    rootValue: {
      me: () => ({ id: 'acc-1', address, profile: server.profile }),
      updateProfile: ({ input }: { input: Record<string, unknown> }) => {
        server.profile = onUpdate
          ? onUpdate(input)
          : ({ ...server.profile, ...input } as ServerProfile);
        return server.profile;
      },
    },
  });
  const client = new ApolloClient({
    cache: new InMemoryCache({ typePolicies: cacheTypePolicies }),
    link: new HttpLink({ uri: '/graphql', fetch }),
  });
  const WithWagmi = wagmiWrapper(wagmiTestConfig());
  const wrapper = ({ children }: { children: ReactNode }) => (
    <RuntimeConfigContext.Provider value={runtimeConfigFixture()}>
      <WithWagmi>
        <ApolloProvider client={client}>{children}</ApolloProvider>
      </WithWagmi>
    </RuntimeConfigContext.Provider>
  );
  render(<ProfileSection />, { wrapper });
  return {
    server,
    updates: () => fetch.operations.filter((op) => op.operationName === 'UpdateProfile'),
  };
}

const nameInput = () => screen.getByLabelText('Display name') as HTMLInputElement;
const bioInput = () => screen.getByLabelText('Bio') as HTMLTextAreaElement;
const saveButton = () => screen.getByRole('button', { name: 'Save profile' });
const type = (element: HTMLElement, value: string) =>
  fireEvent.change(element, { target: { value } });

describe('the Profile section', () => {
  it("starts from the server's profile and counts characters as the server does (NFC code points)", async () => {
    setUp();
    await waitFor(() => expect(nameInput().value).toBe('Ada'));
    expect(screen.getByTestId('name-counter').textContent).toBe('3 / 50');
    // "é" typed as e + combining acute is one character after NFC, as the server counts it.
    type(nameInput(), 'Re\u0301mi');
    expect(screen.getByTestId('name-counter').textContent).toBe('4 / 50');
    type(bioInput(), '🦊'.repeat(10));
    expect(screen.getByTestId('bio-counter').textContent).toBe('10 / 280');
  });

  it('refuses a name over 50 characters before sending, and the save button waits', async () => {
    const { updates } = setUp();
    await waitFor(() => expect(nameInput().value).toBe('Ada'));
    type(nameInput(), 'x'.repeat(51));
    expect(screen.getByTestId('name-problem').textContent).toMatch(/longer than 50/);
    expect(saveButton()).toHaveProperty('disabled', true);
    type(nameInput(), 'x'.repeat(50));
    expect(screen.queryByTestId('name-problem')).toBeNull();
    expect(saveButton()).toHaveProperty('disabled', false);
    expect(updates()).toHaveLength(0);
  });

  it('refuses bidirectional overrides and control characters in the name, and a bio over 280', async () => {
    setUp();
    await waitFor(() => expect(nameInput().value).toBe('Ada'));
    type(nameInput(), 'evil\u202Etxt.exe');
    expect(screen.getByTestId('name-problem').textContent).toMatch(/control or text-direction/);
    type(nameInput(), 'tab\there');
    expect(screen.getByTestId('name-problem').textContent).toMatch(/control or text-direction/);
    type(nameInput(), '   ');
    expect(screen.getByTestId('name-problem').textContent).toMatch(/only spaces/);
    type(bioInput(), 'a'.repeat(281));
    expect(screen.getByTestId('bio-problem').textContent).toMatch(/longer than 280/);
    type(bioInput(), `line one\nline two${'a'.repeat(200)}`);
    expect(screen.queryByTestId('bio-problem')).toBeNull();
  });

  it('saves name, bio and the public switch; an emptied field is sent as null (cleared)', async () => {
    const { updates, server } = setUp();
    await waitFor(() => expect(nameInput().value).toBe('Ada'));
    type(nameInput(), '');
    type(bioInput(), 'Hello');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Make my profile public' }));
    fireEvent.click(saveButton());
    await screen.findByText('Saved.');
    expect(updates()[0]?.variables).toEqual({
      input: { displayName: null, bio: 'Hello', public: true },
    });
    expect(server.profile).toMatchObject({ displayName: null, bio: 'Hello', public: true });
    expect(await screen.findByTestId('public-page-link')).toHaveProperty(
      'pathname',
      `/u/${address}`,
    );
  });

  it("shows the server's refusal in its own words", async () => {
    setUp(() => {
      throw new GraphQLError(
        'displayName must not contain control or bidirectional-override characters (found U+200B).',
        {
          extensions: { code: 'BAD_USER_INPUT' },
        },
      );
    });
    await waitFor(() => expect(nameInput().value).toBe('Ada'));
    type(nameInput(), 'Grace');
    fireEvent.click(saveButton());
    expect((await screen.findByTestId('profile-error')).textContent).toMatch(/found U\+200B/);
  });

  it('shows the generated avatar when there is no upload and no ENS (mainnet not enabled)', async () => {
    setUp();
    const avatar = await screen.findByTestId('generated-avatar');
    const [from, to] = generatedAvatarColours(address);
    expect(avatar.style.background).toBe(`linear-gradient(135deg, ${from}, ${to})`);
    expect(screen.queryByTestId('ens-avatar')).toBeNull();
  });
});
