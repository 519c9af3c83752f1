import { MessagesSquare } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCirclePosts } from '../api/posts';
import { readerTimeZone } from '../lib/circle-text';
import type { CircleDetail, CirclePost } from '../lib/types';
import { Composer } from './composer';
import { LoadError } from './load-error';
import { PostItem } from './post-item';

/** The circle's discussion, oldest first like a conversation; older pages load above. */
export function Discussion({ circle }: { circle: CircleDetail }) {
  const { t } = useTranslation();
  const canRead = circle.can_post || circle.can_moderate;
  const posts = useCirclePosts(circle.id, canRead);
  const [replyTo, setReplyTo] = useState<CirclePost | null>(null);
  const composerRef = useRef<HTMLTextAreaElement>(null);
  const timeZone = readerTimeZone();

  const startReply = (post: CirclePost) => {
    setReplyTo(post);
    composerRef.current?.focus();
  };

  // Each page holds posts in time order; later pages are older.
  const items = posts.data ? [...posts.data.pages].reverse().flatMap((page) => page.items) : [];

  return (
    <section aria-labelledby="circle-discussion" className="flex flex-col gap-3">
      <h2 id="circle-discussion" className="font-display text-xl font-bold">
        {t('circles.discussion.title')}
      </h2>
      {!canRead ? (
        <p
          className="flex items-center gap-2 rounded-app border border-dashed border-border p-4 text-sm text-muted"
          data-testid="circle-join-to-discuss"
        >
          <MessagesSquare aria-hidden className="size-5 shrink-0" />
          {t('circles.discussion.joinFirst')}
        </p>
      ) : posts.isError && !posts.data ? (
        <LoadError error={posts.error} onRetry={() => void posts.refetch()} title={t('circles.discussion.loadError')} />
      ) : !posts.data ? (
        <>
          <span className="sr-only" role="status">
            {t('common.loading')}
          </span>
          <Skeleton className="h-24 w-full" />
        </>
      ) : (
        <>
          {posts.hasNextPage ? (
            <Button
              variant="secondary"
              className="self-center"
              disabled={posts.isFetchingNextPage}
              onClick={() => void posts.fetchNextPage()}
            >
              {t('circles.discussion.older')}
            </Button>
          ) : null}
          {items.length === 0 ? (
            <p className="text-sm text-muted">{t('circles.discussion.empty')}</p>
          ) : (
            <ol className="flex flex-col gap-3" aria-label={t('circles.discussion.posts')} data-testid="circle-posts">
              {items.map((post) => (
                <li key={post.id}>
                  <PostItem
                    circleId={circle.id}
                    post={post}
                    timeZone={timeZone}
                    onReply={circle.can_post ? startReply : undefined}
                  />
                </li>
              ))}
            </ol>
          )}
          {circle.can_post ? (
            <Composer
              circleId={circle.id}
              replyTo={replyTo}
              onCancelReply={() => setReplyTo(null)}
              onPosted={() => setReplyTo(null)}
              textareaRef={composerRef}
            />
          ) : null}
        </>
      )}
    </section>
  );
}
