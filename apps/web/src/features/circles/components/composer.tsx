import { CIRCLE_LIMITS } from '@maktaba/shared/schemas/circles';
import { clsx } from 'clsx';
import { Send, X } from 'lucide-react';
import { type FormEvent, type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { apiErrorText } from '../../../lib/api-error-text';
import { formatNumber } from '../../../lib/format';
import { useCreatePost } from '../api/posts';
import type { CirclePost } from '../lib/types';

type ComposerProps = {
  circleId: string;
  replyTo: CirclePost | null;
  onCancelReply: () => void;
  onPosted: () => void;
  textareaRef?: RefObject<HTMLTextAreaElement | null>;
};

/**
 * Writing a post: a counter against the limit, Ctrl/Cmd+Enter sends too; on a failure (the rate
 * limit included) the text stays and the reason is said.
 */
export function Composer({ circleId, replyTo, onCancelReply, onPosted, textareaRef }: ComposerProps) {
  const { t, i18n } = useTranslation();
  const create = useCreatePost(circleId);
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const length = body.length;
  const over = length > CIRCLE_LIMITS.postMax;

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    if (create.isPending) return;
    const trimmed = body.trim();
    if (!trimmed) {
      setError(t('validation.circles.bodyRequired'));
      return;
    }
    if (over) {
      setError(t('validation.circles.bodyMax'));
      return;
    }
    setError(null);
    create.mutate(
      { body: trimmed, ...(replyTo ? { reply_to: replyTo.id } : {}) },
      {
        onSuccess: () => {
          setBody('');
          onPosted();
        },
        onError: (failure) => setError(apiErrorText(t, failure, { fieldPrefix: 'validation.' })),
      },
    );
  };

  return (
    <form onSubmit={send} className="flex flex-col gap-2" data-testid="circle-composer">
      <label htmlFor="circle-post-body" className="text-sm font-semibold">
        {t('circles.composer.label')}
      </label>
      {replyTo ? (
        <div className="flex items-start gap-2 rounded-app border border-border bg-surface-2 p-2 text-sm">
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold">
              {replyTo.author
                ? t('circles.posts.replyTo', { name: replyTo.author.name })
                : t('circles.posts.replyToDeleted')}
            </p>
            <p dir="auto" className="line-clamp-2 break-words whitespace-pre-wrap text-muted">
              {replyTo.body}
            </p>
          </div>
          <button
            type="button"
            onClick={onCancelReply}
            className="inline-flex size-11 shrink-0 items-center justify-center rounded-app hover:bg-surface"
            aria-label={t('circles.composer.cancelReply')}
          >
            <X aria-hidden className="size-4" />
          </button>
        </div>
      ) : null}
      <textarea
        id="circle-post-body"
        ref={textareaRef}
        dir="auto"
        rows={4}
        value={body}
        onChange={(event) => setBody(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) send(event);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby="circle-post-counter circle-post-hint"
        className={clsx(inputClass(Boolean(error) || over), 'py-2')}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs">
        <p id="circle-post-hint" className="text-muted">
          {t('circles.composer.hint')}
        </p>
        <p
          id="circle-post-counter"
          className={over ? 'font-semibold text-danger' : 'text-muted'}
          data-testid="post-counter"
        >
          {t('circles.composer.counter', {
            used: formatNumber(length, i18n.language),
            max: formatNumber(CIRCLE_LIMITS.postMax, i18n.language),
          })}
        </p>
      </div>
      <div role="alert" className="empty:hidden">
        {error ? <p className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">{error}</p> : null}
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={create.isPending}>
          <Send aria-hidden className="flip-rtl size-4" />
          {t('circles.composer.send')}
        </Button>
      </div>
    </form>
  );
}
