import type { HighlightRanges } from '@maktaba/shared/schemas/search';

export type TextSegment = { text: string; isMatch: boolean };

/**
 * A text cut into plain and matched pieces by [start, end) ranges (UTF-16 offsets into the text
 * as stored). Ranges out of order, overlapping, touching or outside the text are tolerated:
 * they are sorted, clipped and merged, so the pieces always add up to the text.
 */
export function highlightSegments(text: string, ranges: HighlightRanges | null | undefined): TextSegment[] {
  const clipped = (ranges ?? [])
    .map(([start, end]) => [Math.max(0, start), Math.min(text.length, end)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [start, end] of clipped) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  const segments: TextSegment[] = [];
  let cursor = 0;
  for (const [start, end] of merged) {
    if (start > cursor) segments.push({ text: text.slice(cursor, start), isMatch: false });
    segments.push({ text: text.slice(start, end), isMatch: true });
    cursor = end;
  }
  if (cursor < text.length) segments.push({ text: text.slice(cursor), isMatch: false });
  return segments;
}
