import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionFrame } from '../../../components/charts/section-frame';

/** The words of a part of this page while it loads or when it cannot. */
export function useSecurityLoadTexts() {
  const { t } = useTranslation();
  return {
    loadError: t('securityMonitoring.loadError'),
    retry: t('securityMonitoring.retry'),
    loading: t('securityMonitoring.loading'),
  };
}

type SectionProps<T> = {
  /** `data-testid` of the section: `security-<name>`. */
  name: string;
  title: string;
  description?: ReactNode;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
};

/** A part of the page: its heading, then a skeleton, an error with retry, or its content. */
export function Section<T>({ name, ...section }: SectionProps<T>) {
  const texts = useSecurityLoadTexts();
  return <SectionFrame {...section} testId={`security-${name}`} texts={texts} />;
}

/** What a list shows when it has no rows. */
export function Empty({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p className="rounded-app border border-border p-4 text-center text-muted" data-testid={testId}>
      {children}
    </p>
  );
}
