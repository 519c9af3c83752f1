import type * as WebAuthn from '@simplewebauthn/server';
import { loadOnce } from '../../load-once.js';

/**
 * The four WebAuthn functions the passkey plugin (@better-auth/passkey) calls, with the library
 * loaded on the first passkey request instead of at start. The server's bundle
 * (scripts/bundle.mjs) resolves the plugin's import of @simplewebauthn/server to this module:
 * evaluating the library and its certificate parsers (the @peculiar ASN.1 and X.509 schemas) took
 * about 200 ms of every start on a 2-core machine, for a feature most requests never touch. All
 * four are asynchronous already, so the plugin sees no difference.
 */
const load = loadOnce((): Promise<typeof WebAuthn> => import('@simplewebauthn/server'));

export const generateRegistrationOptions: typeof WebAuthn.generateRegistrationOptions = async (options) =>
  (await load()).generateRegistrationOptions(options);

export const verifyRegistrationResponse: typeof WebAuthn.verifyRegistrationResponse = async (options) =>
  (await load()).verifyRegistrationResponse(options);

export const generateAuthenticationOptions: typeof WebAuthn.generateAuthenticationOptions = async (options) =>
  (await load()).generateAuthenticationOptions(options);

export const verifyAuthenticationResponse: typeof WebAuthn.verifyAuthenticationResponse = async (options) =>
  (await load()).verifyAuthenticationResponse(options);
