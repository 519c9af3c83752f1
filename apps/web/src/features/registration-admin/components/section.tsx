import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionFrame } from '../../../components/charts/section-frame';

/** The words of a part of the monitoring page while it loads or when it cannot. */
export function useRegistrationLoadTexts() {
  const { t } = useTranslation();
  return {
    loadError: t('registrationAdmin.monitoring.loadFailed'),
    retry: t('registrationAdmin.retry'),
    loading: t('registrationAdmin.loading'),
  };
}

/** A part of a page: its heading, then a skeleton, an error with retry, or its content. */
export function Section<T>({
  name,
  ...section
}: {
  /** `data-testid` of the section: `registration-<name>`. */
  name: string;
  title: string;
  /** Beside the heading, lined up with its foot (a labelled filter). */
  actions?: ReactNode;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const texts = useRegistrationLoadTexts();
  return <SectionFrame {...section} testId={`registration-${name}`} texts={texts} alignActions="end" />;
}
