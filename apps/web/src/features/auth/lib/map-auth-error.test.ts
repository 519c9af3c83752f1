import { catalogues, getByPath } from '@maktaba/shared/i18n/index';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { firstFieldErrorKey } from '../../../lib/api-error-text';
import { i18n, initI18n } from '../../../lib/i18n';
import { AuthFlowError, mapAuthError, mapSecurityBlock } from './map-auth-error';
import { NetworkWaitTimeoutError } from './with-retries';

const en = (key: string) => getByPath(catalogues.en, key);
const ar = (key: string) => getByPath(catalogues.ar, key);
const text = (error: unknown, action?: 'login' | 'registration') => en(mapAuthError(error, action).key);

describe('mapAuthError (accounts-and-auth §8)', () => {
  it('maps server codes to the spec texts', () => {
    expect(text(new ApiError('INVALID_CREDENTIALS', 'x', 401))).toBe('Invalid email or password');
    expect(text(new ApiError('EMAIL_TAKEN', 'x', 409))).toBe('This email is already registered');
    expect(text(new ApiError('NETWORK', 'Failed to fetch', 0))).toBe('Network error - please check your connection');
    expect(text(new ApiError('RATE_LIMITED', 'x', 429))).toBe('Too many attempts - please try again later');
    expect(text(new ApiError('EMAIL_NOT_VERIFIED', 'x', 403))).toBe('Please verify your email address');
    expect(text(new ApiError('INVALID_INPUT', 'x', 400))).toBe('Invalid input detected');
    expect(text(new ApiError('INTERNAL', 'x', 500))).toBe('An unexpected error occurred');
    expect(text(new ApiError('SESSION_EXPIRED', 'x', 401))).toBe('Session expired. Please sign in again.');
  });

  it('gives every mapped code an Arabic text too', () => {
    for (const code of ['INVALID_CREDENTIALS', 'EMAIL_TAKEN', 'NETWORK', 'RATE_LIMITED', 'INTERNAL'] as const) {
      const key = mapAuthError(new ApiError(code, 'x', 400)).key;
      expect(ar(key)).toMatch(/[\u0600-\u06FF]/);
    }
  });

  it('shows the first security reason, else the general block text for the action', () => {
    const reasons = { reasons: ['too_many_failed_attempts_account', 'honeypot'] };
    expect(text(new ApiError('SECURITY_BLOCKED', 'x', 403, reasons))).toBe(
      'Too many failed sign-in attempts for this account. Please try again in 15 minutes.',
    );
    expect(text(new ApiError('SECURITY_BLOCKED', 'x', 403, { reasons: [] }))).toBe(
      'Login blocked for security reasons',
    );
    expect(text(new ApiError('SECURITY_BLOCKED', 'x', 403), 'registration')).toBe(
      'Registration blocked for security reasons',
    );
    expect(mapSecurityBlock(['unknown_reason'], 'login').key).toBe('auth.security.loginBlocked');
  });

  it('uses the first field message of a validation failure', () => {
    const error = new ApiError('VALIDATION_FAILED', 'x', 422, {
      fieldErrors: { email: ['validation.emailInvalid'], password: ['validation.passwordMin8'] },
    });
    expect(text(error)).toBe('Please enter a valid email address');
    expect(firstFieldErrorKey({ fieldErrors: { email: ['not a key'] } })).toBeNull();
    expect(text(new ApiError('VALIDATION_FAILED', 'x', 422))).toBe('Some of the information is not valid.');
  });

  it('recognises the spec messages of errors without a code', () => {
    expect(text(new Error('Invalid login credentials'))).toBe('Invalid email or password');
    expect(text(new Error('Email not confirmed'))).toBe('Please verify your email address');
    expect(text(new Error('User already registered'))).toBe('This email is already registered');
    expect(text(new Error('This email is already in use'))).toBe('This email is already in use');
    expect(text(new TypeError('Failed to fetch'))).toBe('Network error - please check your connection');
    expect(text(new Error('Email rate limit exceeded'))).toBe('Too many attempts - please try again later');
    expect(text(new Error('Invalid email'))).toBe('Please enter a valid email');
    expect(text(new Error('Password should be at least 6 characters'))).toBe('Password must be at least 6 characters');
    expect(text(new DOMException('aborted', 'AbortError'))).toBe('Request cancelled');
  });

  it('falls back to "An unexpected error occurred"', () => {
    expect(text(new Error('something odd'))).toBe('An unexpected error occurred');
    expect(text(undefined)).toBe('An unexpected error occurred');
    expect(text(new ApiError('UNKNOWN', 'I am a teapot', 418))).toBe('An unexpected error occurred');
  });

  it('gives sign-in and sign-up their own fallback', () => {
    const odd = new ApiError('UNKNOWN', 'I am a teapot', 418);
    expect(en(mapAuthError(odd, 'login', { fallback: 'auth.errors.unknownSignIn' }).key)).toBe(
      'Unknown error signing in',
    );
    expect(en(mapAuthError(odd, 'registration', { fallback: 'auth.errors.signUpUnexpected' }).key)).toBe(
      'An unexpected error occurred during sign up.',
    );
    // A server code still has its own text.
    expect(text(new ApiError('INVALID_CREDENTIALS', 'x', 401), 'login')).toBe('Invalid email or password');
  });

  it("shows the network texts of accounts-and-auth §8 in the reader's language", async () => {
    const offline = new ApiError('NETWORK', 'No network connection', 0, { reason: 'offline' });
    expect(text(offline)).toBe('No network connection');
    expect(ar(mapAuthError(offline).key)).toBe('لا يوجد اتصال بالشبكة');
    const timeout = new ApiError('NETWORK', 'Request timeout after 15000ms', 0, {
      reason: 'timeout',
      timeoutMs: 15_000,
    });
    expect(mapAuthError(timeout)).toEqual({ key: 'errors.network.timeout', values: { ms: 15_000 } });
    if (!i18n.isInitialized) await initI18n();
    // Each catalogue is loaded when first used: both are read here.
    await i18n.loadLanguages(['en', 'ar']);
    const message = mapAuthError(timeout);
    expect(i18n.getFixedT('en')(message.key, message.values ?? {})).toBe('Request timeout after 15,000ms');
    expect(i18n.getFixedT('ar')(message.key, message.values ?? {})).toBe(
      `انتهت مهلة الطلب بعد ${new Intl.NumberFormat('ar').format(15_000)} ملّي ثانية`,
    );
    expect(text(new DOMException('Request was cancelled', 'AbortError'))).toBe('Request was cancelled');
    expect(text(new NetworkWaitTimeoutError())).toBe('Timeout waiting for network connection');
    // The English messages stay on the errors for the logs.
    expect(new NetworkWaitTimeoutError().message).toBe('Timeout waiting for network connection');
  });

  it('a flow error shows its own key', () => {
    expect(text(new AuthFlowError('Sign up failed - no user data returned', 'auth.errors.signUpNoUserData'))).toBe(
      'Sign up failed - no user data returned',
    );
    expect(ar('auth.errors.nullUser')).toMatch(/[\u0600-\u06FF]/);
  });
});
