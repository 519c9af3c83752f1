import { useRouteError } from 'react-router';
import { useReportRouteError } from '../../lib/telemetry/use-report-error';
import { classifyError } from './classify-error';
import { ErrorPage } from './error-page';

/** Shown inside the shell when a page fails (a failed chunk load, a thrown error). */
export function RouteError() {
  const error = useRouteError();
  useReportRouteError(error);
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return <ErrorPage variant={classifyError(error)} detail={detail} />;
}
