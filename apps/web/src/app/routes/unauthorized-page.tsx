import { ErrorPage } from '../errors/error-page';

export function UnauthorizedPage() {
  return <ErrorPage variant="permission" />;
}
