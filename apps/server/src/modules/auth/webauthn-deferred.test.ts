import { describe, expect, it } from 'vitest';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from './webauthn-deferred.js';

describe('the WebAuthn functions loaded on first use', () => {
  it('answer as the library does: registration and sign-in options for the relying party', async () => {
    const registration = await generateRegistrationOptions({
      rpName: 'Maktaba',
      rpID: 'library.example',
      userName: 'reader@example.com',
      userID: new TextEncoder().encode('user-1'),
    });
    expect(registration.rp).toEqual({ name: 'Maktaba', id: 'library.example' });
    expect(registration.user.name).toBe('reader@example.com');
    expect(registration.challenge).toMatch(/^[A-Za-z0-9_-]{20,}$/);

    const signIn = await generateAuthenticationOptions({ rpID: 'library.example', allowCredentials: [] });
    expect(signIn.rpId).toBe('library.example');
    expect(signIn.challenge).not.toBe(registration.challenge);
  });

  it('pass the library’s refusals through: a response that is not a credential is rejected', async () => {
    const response = { id: 'x', rawId: 'x', type: 'public-key', response: {}, clientExtensionResults: {} };
    await expect(
      verifyRegistrationResponse({
        response: response as never,
        expectedChallenge: 'c',
        expectedOrigin: 'https://library.example',
        expectedRPID: 'library.example',
      }),
    ).rejects.toThrow();
    await expect(
      verifyAuthenticationResponse({
        response: response as never,
        expectedChallenge: 'c',
        expectedOrigin: 'https://library.example',
        expectedRPID: 'library.example',
        credential: { id: 'x', publicKey: new Uint8Array(), counter: 0 },
      }),
    ).rejects.toThrow();
  });
});
