import { dictionary } from '@zxcvbn-ts/language-common';

let common: Set<string> | undefined;

/**
 * True for passwords found in leaked-password lists (zxcvbn-ts's common dictionary, ~49 000
 * entries). Compared case-insensitively: "Password1" is as guessable as "password1".
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set((dictionary['passwords-common'] as string[]).map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}
