import { CIRCLE_LIMITS } from '@maktaba/shared/schemas/circles';
import { clsx } from 'clsx';
import { EyeOff, Flag, Pencil, Reply, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { inputClass } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { useDeletePost, useEditPost, useHidePost, useReportPost } from '../api/posts';
import { formatPostTime, readerTimeZone } from '../lib/circle-text';
import type { CirclePost } from '../lib/types';
import { ReasonDialog } from './reason-dialog';

type PostItemProps = {
  circleId: string;
  post: CirclePost;
  /** Replying is offered where the reader may post. */
  onReply?: (post: CirclePost) => void;
  timeZone?: string;
};

/**
 * One post of the discussion. Every text a person wrote is shown as text, in its own direction
 * (`dir="auto"`), never as HTML. Its author edits it in place or deletes it; moderators hide it
 * with a reason or show it again; anyone who reads it may report it once.
 */
export function PostItem({ circleId, post, onReply, timeZone = readerTimeZone() }: PostItemProps) {
  const { t, i18n } = useTranslation();
  const edit = useEditPost(circleId);
  const remove = useDeletePost(circleId);
  const hide = useHidePost(circleId);
  const report = useReportPost(circleId);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(post.body);
  const [dialog, setDialog] = useState<'delete' | 'hide' | 'report' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reported, setReported] = useState(false);
  const closeDialog = (open: boolean) => {
    if (!open) {
      setDialog(null);
      setError(null);
    }
  };
  const isHiddenBlank = post.hidden && post.body === '';

  const saveEdit = () => {
    const body = draft.trim();
    if (!body) {
      setError(t('validation.circles.bodyRequired'));
      return;
    }
    setError(null);
    edit.mutate(
      { postId: post.id, body },
      {
        onSuccess: () => {
          setEditing(false);
          toast.success(t('circles.posts.editSaved'));
        },
        onError: (failure) => setError(apiErrorText(t, failure, { fieldPrefix: 'validation.' })),
      },
    );
  };

  // Told through the promise, not mutate's callbacks: those are dropped once this post is gone
  // from the discussion, which the answer makes happen.
  const deletePost = () =>
    remove.mutateAsync(post.id).then(
      () => {
        setDialog(null);
        toast.success(t('circles.posts.deleted'));
      },
      (failure: unknown) => setError(apiErrorText(t, failure)),
    );

  return (
    <article
      data-testid="circle-post"
      data-post-id={post.id}
      className={clsx(
        'flex flex-col gap-2 rounded-app border border-border p-3',
        post.hidden ? 'bg-surface-2' : 'bg-surface',
      )}
    >
      <header className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
        {post.author ? (
          <bdi className="font-semibold break-words" data-testid="post-author">
            {post.author.name}
          </bdi>
        ) : (
          <span className="font-semibold text-muted">{t('circles.posts.deletedAuthor')}</span>
        )}
        <time dateTime={post.created_at} className="text-xs text-muted">
          {formatPostTime(post.created_at, i18n.language, timeZone)}
        </time>
        {post.edited_at ? <span className="text-xs text-muted">{t('circles.posts.edited')}</span> : null}
        {post.hidden ? (
          <span
            className="inline-flex items-center gap-1 rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger"
            data-testid="post-hidden-badge"
          >
            <EyeOff aria-hidden className="size-3" />
            {t('circles.posts.hiddenBadge')}
          </span>
        ) : null}
      </header>
      {post.reply_to ? (
        <blockquote className="border-s-4 border-border ps-3 text-sm text-muted">
          <p className="text-xs font-semibold">
            {post.reply_to.author_name
              ? t('circles.posts.replyTo', { name: post.reply_to.author_name })
              : t('circles.posts.replyToDeleted')}
          </p>
          <p dir="auto" className="line-clamp-2 break-words whitespace-pre-wrap">
            {post.reply_to.excerpt}
          </p>
        </blockquote>
      ) : null}
      {isHiddenBlank ? (
        <p className="text-sm text-muted italic" data-testid="post-hidden">
          {t('circles.posts.hiddenByModerator')}
        </p>
      ) : editing ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={`post-edit-${post.id}`} className="sr-only">
            {t('circles.posts.editLabel')}
          </label>
          <textarea
            id={`post-edit-${post.id}`}
            dir="auto"
            rows={4}
            maxLength={CIRCLE_LIMITS.postMax}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                saveEdit();
              }
            }}
            className={clsx(inputClass(Boolean(error)), 'py-2')}
          />
          <div role="alert" className="empty:hidden">
            {error ? <p className="text-sm font-medium text-danger">{error}</p> : null}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button onClick={saveEdit} disabled={edit.isPending}>
              {t('circles.posts.saveEdit')}
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                setEditing(false);
                setDraft(post.body);
                setError(null);
              }}
            >
              {t('circles.actions.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <>
          {post.hidden && post.hidden_reason ? (
            <p className="text-xs text-muted">
              {t('circles.posts.hiddenReason')} <bdi dir="auto">{post.hidden_reason}</bdi>
            </p>
          ) : null}
          <p
            dir="auto"
            className={clsx('whitespace-pre-wrap break-words', post.hidden && 'text-muted')}
            data-testid="post-body"
          >
            {post.body}
          </p>
        </>
      )}
      {!editing ? (
        <div className="flex flex-wrap gap-1">
          {onReply && !post.hidden ? (
            <Button variant="ghost" onClick={() => onReply(post)}>
              <Reply aria-hidden className="flip-rtl size-4" />
              {t('circles.posts.reply')}
            </Button>
          ) : null}
          {post.can_edit && !post.hidden ? (
            <Button
              variant="ghost"
              onClick={() => {
                setDraft(post.body);
                setEditing(true);
              }}
            >
              <Pencil aria-hidden className="size-4" />
              {t('circles.posts.edit')}
            </Button>
          ) : null}
          {post.can_delete ? (
            <Button variant="ghost" onClick={() => setDialog('delete')}>
              <Trash2 aria-hidden className="size-4" />
              {t('circles.posts.delete')}
            </Button>
          ) : null}
          {post.can_hide ? (
            post.hidden ? (
              <Button
                variant="ghost"
                disabled={hide.isPending}
                onClick={() =>
                  hide.mutate(
                    { postId: post.id, hide: false },
                    {
                      onSuccess: () => toast.success(t('circles.posts.unhidden')),
                      onError: (failure) => toast.error(apiErrorText(t, failure)),
                    },
                  )
                }
              >
                {t('circles.posts.unhide')}
              </Button>
            ) : (
              <Button variant="ghost" onClick={() => setDialog('hide')}>
                <EyeOff aria-hidden className="size-4" />
                {t('circles.posts.hide')}
              </Button>
            )
          ) : null}
          {reported ? (
            <p className="inline-flex min-h-11 items-center px-2 text-sm font-semibold text-muted" role="status">
              {t('circles.posts.reported')}
            </p>
          ) : post.can_report ? (
            <Button variant="ghost" onClick={() => setDialog('report')}>
              <Flag aria-hidden className="size-4" />
              {t('circles.posts.report')}
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={closeDialog}
        title={t('circles.posts.deleteTitle')}
        description={t('circles.posts.deleteDescription')}
        confirmLabel={t('circles.posts.delete')}
        cancelLabel={t('circles.actions.cancel')}
        isPending={remove.isPending}
        error={dialog === 'delete' ? error : null}
        onConfirm={deletePost}
      />
      <ReasonDialog
        open={dialog === 'hide'}
        onOpenChange={closeDialog}
        title={t('circles.posts.hideTitle')}
        description={t('circles.posts.hideDescription')}
        label={t('circles.posts.hideReason')}
        confirmLabel={t('circles.posts.hide')}
        max={CIRCLE_LIMITS.hideReasonMax}
        isPending={hide.isPending}
        error={dialog === 'hide' ? error : null}
        onConfirm={(reason) =>
          hide.mutate(
            { postId: post.id, hide: true, reason: reason || undefined },
            {
              onSuccess: () => {
                setDialog(null);
                toast.success(t('circles.posts.hiddenToast'));
              },
              onError: (failure) => setError(apiErrorText(t, failure)),
            },
          )
        }
      />
      <ReasonDialog
        open={dialog === 'report'}
        onOpenChange={closeDialog}
        title={t('circles.posts.reportTitle')}
        description={t('circles.posts.reportDescription')}
        label={t('circles.posts.reportReason')}
        confirmLabel={t('circles.posts.reportSend')}
        required
        max={CIRCLE_LIMITS.reportReasonMax}
        isPending={report.isPending}
        error={dialog === 'report' ? error : null}
        onConfirm={(reason) =>
          report.mutate(
            { postId: post.id, reason },
            {
              onSuccess: () => {
                setDialog(null);
                setReported(true);
              },
              onError: (failure) => {
                if (failure instanceof ApiError && failure.code === 'CIRCLE_POST_ALREADY_REPORTED') {
                  setDialog(null);
                  setReported(true);
                } else setError(apiErrorText(t, failure, { fieldPrefix: 'validation.' }));
              },
            },
          )
        }
      />
    </article>
  );
}
