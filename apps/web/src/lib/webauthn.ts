/** Whether this browser can use passkeys at all (sign-in offers them, Settings lists them). */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}
