import type { Language } from '@maktaba/shared/constants';
import { bilingualName } from '../lib/names';

/** A name in the reader's language with the other language beneath it, each marked with its own `lang`. */
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
        <span lang={primary.lang} dir="auto" className="font-semibold">
          {primary.text}
        </span>
      ) : (
        <span className="font-semibold text-muted">{fallback}</span>
      )}
      {secondary ? (
        <span lang={secondary.lang} dir="auto" className="text-sm text-muted">
          {secondary.text}
        </span>
      ) : null}
    </span>
  );
}
