import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RuntimeConfigContext } from '../app/runtime-config-context';
import { siweTestMessage, testSigner } from '../proof/siwe-test-message';
import { runtimeConfigFixture } from '../test/runtime-config-fixture';
import VerifyPage from './verify-page';

// Port 9 (discard) never answers: a key-signed message must be checked without it.
const config = runtimeConfigFixture();
config.chains[0].rpcUrl = 'http://127.0.0.1:9';
const wrapper = ({ children }: { children: ReactNode }) => (
  <RuntimeConfigContext.Provider value={config}>{children}</RuntimeConfigContext.Provider>
);

const rowState = (label: string) =>
  screen.getAllByTestId('field-row').find((row) => row.dataset.field === label)?.dataset.state;

function paste(message: string, signature?: string) {
  fireEvent.change(screen.getByLabelText('Message'), { target: { value: message } });
  if (signature !== undefined) {
    fireEvent.change(screen.getByLabelText('Signature'), { target: { value: signature } });
  }
}

describe('the /verify page', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    fetchSpy = vi.spyOn(globalThis, 'fetch');
  });
  afterEach(() => fetchSpy.mockRestore());

  it('shows a well-formed message field by field and its EOA signer, without any request', async () => {
    render(<VerifyPage />, { wrapper });
    const message = siweTestMessage({ expirationTime: '2999-01-01T00:00:00Z' });
    paste(message, await testSigner.signMessage({ message }));
    expect(screen.getByTestId('grammar-verdict').dataset.ok).toBe('true');
    for (const label of [
      'Domain',
      'Address',
      'Statement',
      'URI',
      'Version',
      'Chain ID',
      'Nonce',
      'Issued At',
      'Expiration Time',
    ]) {
      expect(rowState(label)).toBe('valid');
    }
    expect(rowState('Not Before')).toBe('absent');
    await waitFor(() => expect(screen.getByTestId('signer-verdict').dataset.ok).toBe('true'));
    expect(screen.getByTestId('signer-verdict').textContent).toMatch(
      new RegExp(`Signed by ${testSigner.address}: a key-signed account \\(EOA\\)`),
    );
    expect(screen.getByTestId('expiration').dataset.state).toBe('holds');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('marks each malformed field, and says why the whole text is refused', () => {
    render(<VerifyPage />, { wrapper });
    paste(siweTestMessage({ address: testSigner.address.toLowerCase(), chainId: 'one' }));
    expect(screen.getByTestId('grammar-verdict').dataset.ok).toBe('false');
    expect(screen.getByTestId('grammar-verdict').textContent).toMatch(
      /Not a valid EIP-4361 message/,
    );
    expect(rowState('Address')).toBe('invalid');
    expect(rowState('Chain ID')).toBe('invalid');
    expect(rowState('Nonce')).toBe('valid');
  });

  it('says a message has expired, or is not valid yet, by this clock', () => {
    render(<VerifyPage />, { wrapper });
    paste(
      siweTestMessage({
        expirationTime: '2020-01-01T00:00:00Z',
        notBefore: '2999-01-01T00:00:00Z',
      }),
    );
    expect(screen.getByTestId('expiration').dataset.state).toBe('expired');
    expect(screen.getByTestId('not-before').dataset.state).toBe('not-yet-valid');
  });

  it('refuses a signature of another message', async () => {
    render(<VerifyPage />, { wrapper });
    const signature = await testSigner.signMessage({ message: 'something else' });
    paste(siweTestMessage(), signature);
    await waitFor(() => expect(screen.getByTestId('signer-verdict').dataset.ok).toBe('false'), {
      timeout: 15_000,
    });
  });

  it('splits a proof copied from a public profile into message and signature', async () => {
    render(<VerifyPage />, { wrapper });
    const message = siweTestMessage();
    const signature = await testSigner.signMessage({ message });
    paste(`${message}\n\nSignature: ${signature}`);
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe(message);
    expect((screen.getByLabelText('Signature') as HTMLInputElement).value).toBe(signature);
    await waitFor(() => expect(screen.getByTestId('signer-verdict').dataset.ok).toBe('true'));
  });
});
