import { Navigate, useParams } from 'react-router';

/** /classic/book/:id and /primal/book/:id are old addresses of /book/:id. */
export function BookRedirect() {
  const { bookId = '' } = useParams();
  return <Navigate to={`/book/${encodeURIComponent(bookId)}`} replace />;
}
