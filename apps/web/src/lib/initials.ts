/** Avatar initials (accounts-and-auth §5): first letters of the first and last words, or the first two of one word. */
export function getInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const letters = (word: string) => Array.from(word);
  if (words.length === 1)
    return letters(words[0] as string)
      .slice(0, 2)
      .join('')
      .toLocaleUpperCase();
  const first = letters(words[0] as string)[0] ?? '';
  const last = letters(words[words.length - 1] as string)[0] ?? '';
  return `${first}${last}`.toLocaleUpperCase();
}
