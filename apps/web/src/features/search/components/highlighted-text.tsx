import type { HighlightRanges } from '@maktaba/shared/schemas/search';
import { highlightSegments } from '../lib/highlight';

/**
 * A text with the words the search matched in <mark>. The pieces are rendered as text, never as
 * HTML, so nothing in a title or description can inject markup.
 */
export function HighlightedText({ text, ranges }: { text: string; ranges: HighlightRanges | null | undefined }) {
  return (
    <>
      {highlightSegments(text, ranges).map((segment, index) =>
        segment.isMatch ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text, in order; they have nothing else to tell them apart.
          <mark key={index} className="rounded-sm bg-warning-soft px-0.5 font-semibold text-fg">
            {segment.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above.
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
