import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { FileInput } from '../../../components/ui/file-input';
import { apiErrorText } from '../../../lib/api-error-text';
import { useArticleCover } from '../api/article-images';
import type { ArticleSource } from '../lib/types';
import { ArticleCover } from './article-cover';

/** The cover: uploaded through the image pipeline once the article exists; removable. */
export function CoverField({ articleId, cover }: { articleId: string | null; cover: ArticleSource['cover'] }) {
  const { t } = useTranslation();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="text-sm font-semibold">{t('articles.editor.cover')}</legend>
      {articleId ? (
        <CoverControls articleId={articleId} cover={cover} />
      ) : (
        <p className="text-sm text-muted">{t('articles.editor.coverAfterSave')}</p>
      )}
    </fieldset>
  );
}

function CoverControls({ articleId, cover }: { articleId: string; cover: ArticleSource['cover'] }) {
  const { t } = useTranslation();
  const { upload, remove } = useArticleCover(articleId);
  const [current, setCurrent] = useState(cover);
  const [inputKey, setInputKey] = useState(0);
  const isPending = upload.isPending || remove.isPending;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
      <ArticleCover cover={current} className="aspect-[16/9] w-full sm:w-56" />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <label htmlFor="article-cover-file" className="text-sm">
          {current ? t('articles.editor.coverReplace') : t('articles.editor.coverChoose')}
        </label>
        <FileInput
          key={inputKey}
          id="article-cover-file"
          accept="image/jpeg,image/png,image/webp"
          disabled={isPending}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            upload.mutate(file, {
              onSuccess: (result) => {
                setCurrent(result.cover);
                toast.success(t('articles.editor.coverSaved'));
              },
              onError: (error) => toast.error(apiErrorText(t, error)),
              onSettled: () => setInputKey((key) => key + 1),
            });
          }}
        />
        {current ? (
          <Button
            variant="secondary"
            className="w-fit"
            disabled={isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => {
                  setCurrent(null);
                  toast.success(t('articles.editor.coverRemoved'));
                },
                onError: (error) => toast.error(apiErrorText(t, error)),
              })
            }
          >
            {t('articles.editor.coverRemove')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
