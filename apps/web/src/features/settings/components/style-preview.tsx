import type { Style, Theme } from '@maktaba/shared/constants';

/**
 * A small picture of a style: the same card drawn with the style's corners and paper, in the
 * current theme (the style's CSS variables apply to the element that carries `data-style`).
 */
export function StylePreview({ style, theme }: { style: Style; theme: Theme }) {
  return (
    <span
      aria-hidden
      data-style={style}
      data-theme={theme}
      data-style-preview={style}
      className="flex w-full flex-col gap-1.5 rounded-app border border-border bg-bg p-2"
    >
      <span className="h-2 w-2/3 rounded-app bg-primary" />
      <span className="h-1.5 w-full rounded-app bg-surface-2" />
      <span className="h-1.5 w-5/6 rounded-app bg-surface-2" />
      <span className="mt-1 h-3 w-1/3 self-end rounded-app bg-primary-soft" />
    </span>
  );
}
