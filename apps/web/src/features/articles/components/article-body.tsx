import type { ArticleLanguage } from '../lib/types';

/**
 * Typography for rendered article bodies, in logical properties only (indents and quote rules sit
 * on the side the text starts, in both directions).
 */
export const PROSE_CLASS = [
  'max-w-none text-base leading-8 break-words',
  '[&_p]:my-4',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:leading-snug',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:font-display [&_h3]:text-xl [&_h3]:font-bold',
  '[&_h4]:mt-5 [&_h4]:mb-2 [&_h4]:text-lg [&_h4]:font-semibold',
  '[&_ul]:my-4 [&_ul]:list-disc [&_ul]:ps-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:ps-6 [&_li]:my-1',
  '[&_blockquote]:my-5 [&_blockquote]:border-s-4 [&_blockquote]:border-primary [&_blockquote]:ps-4 [&_blockquote]:text-muted',
  '[&_a]:font-semibold [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2',
  '[&_code]:rounded [&_code]:bg-surface-2 [&_code]:px-1 [&_code]:text-sm',
  '[&_pre]:my-4 [&_pre]:overflow-x-auto [&_pre]:rounded-app [&_pre]:bg-surface-2 [&_pre]:p-4 [&_pre]:text-start',
  '[&_pre_code]:bg-transparent [&_pre_code]:p-0',
  '[&_hr]:my-8 [&_hr]:border-border',
  '[&_img]:my-5 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-app',
  '[&>*:first-child]:mt-0',
].join(' ');

/**
 * An article body as the server rendered and sanitised it (Markdown with raw HTML off, then an
 * allowlist): the only HTML the app puts in a page. Marked with its version's language and direction.
 */
export function ArticleBody({ html, lang, testId }: { html: string; lang: ArticleLanguage; testId?: string }) {
  return (
    <div
      className={PROSE_CLASS}
      lang={lang}
      dir={lang === 'ar' ? 'rtl' : 'ltr'}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the server's sanitised rendering (allowlist) — see the comment above.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
