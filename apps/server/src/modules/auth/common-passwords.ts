let common: Promise<Set<string>> | undefined;

/**
 * The list, read on the first password to check rather than at start: the dictionary package
 * decompresses its word lists as it loads (about 60 ms of a server's start on a 2-core machine).
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set((dictionary['passwords-common'] as string[]).map((entry) => entry.toLowerCase())),
    (error: unknown) => {
      common = undefined; // read again by the next check
      throw error;
    },
  );
  return common;
}

/**
 * True for passwords found in leaked-password lists (zxcvbn-ts's common dictionary, ~49 000
 * entries). Compared case-insensitively: "Password1" is as guessable as "password1".
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}
