import { getByPath } from '@maktaba/shared/i18n/index';
import { AlertTriangle, RefreshCw } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode, useEffect, useState } from 'react';
import { Button } from '../../components/ui/button';
import { firstCataloguePart, i18n } from '../../lib/i18n';
import { reloadPage } from '../../lib/reload-page';
import { messageOf } from '../../lib/telemetry/error-report';
import { reportError } from '../../lib/telemetry/error-reporter';

/** The texts of the screen in the reader's language, once i18n is ready. */
function translated(key: string): string | null {
  try {
    if (i18n.isInitialized) {
      const text = i18n.t(key);
      if (text && text !== key) return text;
    }
  } catch {
    // Fall through to the English catalogue.
  }
  return null;
}

/**
 * The boundary may show before i18n is ready, or because it failed: then the English catalogue
 * speaks, fetched for the purpose (it is not in the first page's code) and read directly.
 */
function useTranslate(): (key: string) => string {
  const [english, setEnglish] = useState<unknown>(null);
  const ready = translated('errors.global.title') !== null;
  useEffect(() => {
    if (ready) return;
    let cancelled = false;
    firstCataloguePart('en').then(
      (catalogue) => !cancelled && setEnglish(catalogue),
      () => {},
    );
    return () => {
      cancelled = true;
    };
  }, [ready]);
  return (key) => {
    const text = translated(key) ?? getByPath(english, key);
    return typeof text === 'string' ? text : '';
  };
}

function Trace({ summary, text }: { summary: string; text: string | null | undefined }) {
  if (!text) return null;
  return (
    <details className="w-full text-start text-sm text-muted">
      <summary className="cursor-pointer">{summary}</summary>
      <pre className="mt-2 max-h-64 overflow-auto whitespace-pre rounded-app bg-surface-2 p-3" dir="ltr">
        {text.trim()}
      </pre>
    </details>
  );
}

/** reader-area §8 "Production Error Detected": what failed, where, and a way out. */
export function GlobalErrorScreen({ error, componentStack }: { error: unknown; componentStack?: string | null }) {
  const translate = useTranslate();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-bg p-6">
      <section className="flex w-full max-w-2xl flex-col items-center gap-4 text-center" data-error-variant="global">
        <AlertTriangle aria-hidden className="size-12 text-danger" />
        <h1 className="font-display text-2xl font-bold">{translate('errors.global.title')}</h1>
        <p className="text-muted">{translate('errors.global.description')}</p>
        <p className="w-full break-words rounded-app bg-surface-2 p-3 text-start font-mono text-sm" dir="auto">
          {messageOf(error)}
        </p>
        <Trace summary={translate('errors.global.stack')} text={error instanceof Error ? error.stack : null} />
        <Trace summary={translate('errors.global.componentStack')} text={componentStack} />
        <Button onClick={reloadPage}>
          <RefreshCw aria-hidden className="size-4" />
          {translate('errors.global.reload')}
        </Button>
      </section>
    </main>
  );
}

type State = { error: unknown; componentStack: string | null; hasError: boolean };

/**
 * Around the whole app: catches what the router's error elements cannot (a provider failing),
 * shows it, and reports it with the component stack.
 */
export class GlobalErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, componentStack: null, hasError: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.setState({ componentStack: info.componentStack ?? null });
    reportError(error, {
      type: 'javascript',
      metadata: { source: 'error-boundary', componentStack: info.componentStack ?? null },
    });
  }

  override render() {
    if (!this.state.hasError) return this.props.children;
    return <GlobalErrorScreen error={this.state.error} componentStack={this.state.componentStack} />;
  }
}
