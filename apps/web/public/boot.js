// Runs before the app: applies the stored language, theme and style so the first paint is right.
// Keys and values must match packages/shared/src/constants.ts (STORAGE_KEYS, THEMES, STYLES).
(() => {
  const root = document.documentElement;
  let store = null;
  try {
    store = window.localStorage;
  } catch {}
  const read = (key) => {
    try {
      return store ? store.getItem(key) : null;
    } catch {
      return null;
    }
  };
  const lang = read('maktaba.language.v1') === 'ar' ? 'ar' : 'en';
  root.lang = lang;
  root.dir = lang === 'ar' ? 'rtl' : 'ltr';
  const stored = read('maktaba.theme.v1');
  const theme = ['light', 'dark', 'solarized-light'].includes(stored)
    ? stored
    : window.matchMedia('(prefers-color-scheme: dark)').matches
      ? 'dark'
      : 'light';
  root.dataset.theme = theme;
  const style = read('maktaba.style.v1');
  root.dataset.style = ['minimal', 'vibrant', 'focused', 'warm'].includes(style) ? style : 'vibrant';
})();
