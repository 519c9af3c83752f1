import { describe, expect, it } from 'vitest';
import { readResetToken } from './reset-token';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const at = (search: string, hash: string) => readResetToken({ pathname: '/auth/update-password', search, hash });

describe('readResetToken', () => {
  it('reads the access_token of the hash, as the e-mail link carries it', () => {
    expect(at('', `#access_token=${TOKEN}`)).toEqual({ token: TOKEN, cleanUrl: '/auth/update-password' });
  });

  it('reads a token query parameter', () => {
    expect(at(`?token=${TOKEN}`, '')).toEqual({ token: TOKEN, cleanUrl: '/auth/update-password' });
  });

  it('prefers the hash and removes both from the address', () => {
    expect(at('?token=other&lang=ar', `#access_token=${TOKEN}&type=recovery`)).toEqual({
      token: TOKEN,
      cleanUrl: '/auth/update-password?lang=ar',
    });
  });

  it('has no token in a bare address or an empty parameter', () => {
    expect(at('', '')).toEqual({ token: null, cleanUrl: '/auth/update-password' });
    expect(at('?token=', '#access_token=')).toEqual({ token: null, cleanUrl: '/auth/update-password' });
  });
});
