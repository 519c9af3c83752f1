import type { Language } from '@maktaba/shared/constants';
import { bilingualName } from '../lib/names';

/**
 * A name in the reader's language with the other language beneath it, each marked with its own
 * `lang` and isolated, both lines aligned to the start of the page's direction.
 */
export function BilingualText({
  en,
  ar,
  language,
  fallback,
}: {
  en: string | null | undefined;
  ar: string | null | undefined;
  language: Language;
  fallback: string;
}) {
  const { primary, secondary } = bilingualName(en, ar, language);
  return (
    <span className="flex flex-col">
      {primary ? (
        <span className="font-semibold">
          <bdi lang={primary.lang}>{primary.text}</bdi>
        </span>
      ) : (
        <span className="font-semibold text-muted">{fallback}</span>
      )}
      {secondary ? (
        <span className="text-sm text-muted">
          <bdi lang={secondary.lang}>{secondary.text}</bdi>
        </span>
      ) : null}
    </span>
  );
}
