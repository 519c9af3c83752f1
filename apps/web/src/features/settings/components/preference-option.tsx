import type { ReactNode } from 'react';

/** One choice of a radio group drawn as a card: the native radio keeps arrow keys and the group's name. */
export function PreferenceOption({
  name,
  value,
  checked,
  onChange,
  children,
  description,
  lang,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  children: ReactNode;
  description?: ReactNode;
  lang?: string;
}) {
  const nameId = `${name}-${value}-name`;
  const descriptionId = description ? `${name}-${value}-description` : undefined;
  return (
    <label
      className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-app border p-3 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-focus ${
        checked ? 'border-primary bg-primary-soft' : 'border-border bg-surface hover:bg-surface-2'
      }`}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        // Named by its title alone; the description (and a style's preview) describes it.
        aria-labelledby={nameId}
        aria-describedby={descriptionId}
        className="mt-1 size-4 shrink-0 accent-[var(--primary)]"
      />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span id={nameId} className="font-medium" lang={lang}>
          {children}
        </span>
        {description ? (
          <span id={descriptionId} className="text-sm text-muted">
            {description}
          </span>
        ) : null}
      </span>
    </label>
  );
}
