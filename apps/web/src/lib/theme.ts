import { DEFAULT_STYLE, STORAGE_KEYS, STYLES, type Style, THEMES, type Theme } from '@maktaba/shared/constants';
import { create } from 'zustand';
import { safeGetItem, safeRemoveItem, safeSetItem } from './storage';

const isTheme = (value: unknown): value is Theme => (THEMES as readonly unknown[]).includes(value);
const isStyle = (value: unknown): value is Style => (STYLES as readonly unknown[]).includes(value);

/** light → solarized-light → dark → light (accounts-and-auth §4). */
export function nextTheme(theme: Theme): Theme {
  return THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length] as Theme;
}

function systemTheme(): Theme {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

type ThemeState = {
  /** What the user chose; null while the theme follows the system preference. */
  chosen: Theme | null;
  theme: Theme;
  style: Style;
  cycleTheme: () => void;
  setTheme: (theme: Theme) => void;
  setStyle: (style: Style) => void;
  /** Forgets the chosen theme: the system's preference (light or dark) applies again, and follows it live. */
  followSystem: () => void;
  onSystemChange: () => void;
};

function apply(theme: Theme, style: Style) {
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.dataset.style = style;
}

export const useThemeStore = create<ThemeState>((set, get) => {
  const storedTheme = safeGetItem(STORAGE_KEYS.theme);
  const storedStyle = safeGetItem(STORAGE_KEYS.style);
  const chosen = isTheme(storedTheme) ? storedTheme : null;
  const style = isStyle(storedStyle) ? storedStyle : DEFAULT_STYLE;
  const theme = chosen ?? systemTheme();
  apply(theme, style);
  return {
    chosen,
    theme,
    style,
    setTheme(next) {
      safeSetItem(STORAGE_KEYS.theme, next);
      apply(next, get().style);
      set({ chosen: next, theme: next });
    },
    cycleTheme() {
      get().setTheme(nextTheme(get().theme));
    },
    setStyle(next) {
      safeSetItem(STORAGE_KEYS.style, next);
      apply(get().theme, next);
      set({ style: next });
    },
    followSystem() {
      safeRemoveItem(STORAGE_KEYS.theme);
      const next = systemTheme();
      apply(next, get().style);
      set({ chosen: null, theme: next });
    },
    onSystemChange() {
      if (get().chosen !== null) return;
      const next = systemTheme();
      apply(next, get().style);
      set({ theme: next });
    },
  };
});

/** Follows the system preference until the user picks a theme. */
export function watchSystemTheme(): () => void {
  const query = window.matchMedia?.('(prefers-color-scheme: dark)');
  const onChange = () => useThemeStore.getState().onSystemChange();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
