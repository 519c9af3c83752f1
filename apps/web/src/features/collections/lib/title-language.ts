/** Whether a title is written in Arabic script: the quick form files it as the Arabic title, else the English one. */
export function isArabicText(text: string): boolean {
  return /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/.test(text);
}

/** The create body of a collection named in one language, in the field of that language. */
export function titleFields(title: string): { title_en?: string; title_ar?: string } {
  const trimmed = title.trim();
  return isArabicText(trimmed) ? { title_ar: trimmed } : { title_en: trimmed };
}
