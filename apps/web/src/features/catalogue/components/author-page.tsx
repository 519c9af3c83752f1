import { useParams } from 'react-router';
import { isNotFound, LoadErrorState, NotFoundState } from '../../../components/page-states';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuthor } from '../api/get-author';
import { AuthorBooks } from './author-books';
import { AuthorProfile } from './author-profile';

/** /author/{id}: the author's names, death years, biography and books. */
export function AuthorPage() {
  const { authorId = '' } = useParams();
  const author = useAuthor(authorId);
  if (author.isError && isNotFound(author.error)) {
    return (
      <NotFoundState titleKey="catalogue.author.notFoundTitle" descriptionKey="catalogue.author.notFoundDescription" />
    );
  }
  if (author.isError) return <LoadErrorState error={author.error} onRetry={() => void author.refetch()} />;
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-10 px-4 py-8 sm:px-6">
      {author.data ? (
        <>
          <AuthorProfile author={author.data} />
          <AuthorBooks books={author.data.books} />
        </>
      ) : (
        <PageSkeleton />
      )}
    </div>
  );
}

export function PageSkeleton() {
  return (
    <div aria-hidden className="flex flex-col gap-3" data-testid="page-skeleton">
      <Skeleton className="h-10 w-2/3" />
      <Skeleton className="h-6 w-1/3" />
      <Skeleton className="h-28 w-full" />
    </div>
  );
}
