import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

let domains: Set<string> | undefined;

/** Throwaway e-mail providers (the community-kept disposable-email-domains list). */
export function isDisposableEmail(email: string): boolean {
  domains ??= new Set(require('disposable-email-domains') as string[]);
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (domains.has(domain)) return true;
  // Subdomains of a throwaway provider are throwaway too (x.mailinator.com).
  const parts = domain.split('.');
  for (let i = 1; i < parts.length - 1; i++) if (domains.has(parts.slice(i).join('.'))) return true;
  return false;
}
