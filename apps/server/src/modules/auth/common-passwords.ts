import { loadOnce } from '../../load-once.js';

/**
 * The list, read on the first password to check rather than at start: the dictionary package
 * decompresses its word lists as it loads (about 60 ms of a server's start on a 2-core machine).
 */
const commonPasswords = loadOnce(() =>
  import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).map((entry) => entry.toLowerCase())),
  ),
);

/**
 * True for passwords found in leaked-password lists (zxcvbn-ts's common dictionary, ~49 000
 * entries). Compared case-insensitively: "Password1" is as guessable as "password1".
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
