import type { LocalizedText } from '../../../lib/localized-text';

/**
 * A name or title in the other language under the main one. The line keeps the page's alignment;
 * the text inside keeps its own direction.
 */
export function SecondaryText({ text, testId }: { text: LocalizedText | null; testId?: string }) {
  if (!text) return null;
  return (
    <p className="text-xl text-muted" data-testid={testId}>
      <bdi lang={text.lang}>{text.text}</bdi>
    </p>
  );
}
