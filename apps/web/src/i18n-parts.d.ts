// The two parts of a language's catalogue (apps/web/i18n-parts.ts).
declare module '*.json?part=first' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}
declare module '*.json?part=rest' {
  const catalogue: Record<string, unknown>;
  export default catalogue;
}

interface ImportMetaEnv {
  /** Set where the catalogue is split in two parts (apps/web/i18n-parts.ts). */
  readonly I18N_PARTS?: boolean;
}
