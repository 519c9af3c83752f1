import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { vi } from 'vitest';
import { i18n, initI18n } from '../i18n';
import { initialAuthState } from './auth-machine';
import { completenessCache } from './completeness-cache';
import { useAuthStore } from './use-auth';

type Reply = { status: number; body?: unknown } | Error;

/**
 * Answers fetch calls per API path from a queue, and records them. An Error in the queue is
 * thrown as the network failure fetch would report.
 */
export function mockApi(replies: Record<string, Reply[]>) {
  const calls: { path: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const path = url.replace(/^\/api/, '');
    calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
    const reply = replies[path]?.shift();
    if (!reply) throw new Error(`unexpected call to ${path}`);
    if (reply instanceof Error) throw reply;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export async function renderFlow<T>(useFlow: () => T) {
  if (!i18n.isInitialized) await initI18n();
  completenessCache.clear();
  useAuthStore.setState({ ...initialAuthState, isInitialized: true, role: null, displayName: null, email: null });
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return renderHook(useFlow, { wrapper });
}

export { act };
