import { ArrowLeft, ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The head of an admin tool's page: the way back to the tools (its arrow points back in the reading direction), the title and what the page is for. */
export function AdminPageHeader({
  backLabel,
  title,
  description,
  children,
}: {
  backLabel: string;
  title: string;
  description: string;
  /** Below the description (when the figures were computed). */
  children?: ReactNode;
}) {
  const { i18n } = useTranslation();
  const Back = i18n.dir() === 'rtl' ? ArrowRight : ArrowLeft;
  return (
    <div>
      <Link
        to="/admin/tools"
        className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-primary underline-offset-2 hover:underline"
      >
        <Back aria-hidden className="size-4" />
        {backLabel}
      </Link>
      <h1 className="mt-2 font-display text-3xl font-bold">{title}</h1>
      <p className="mt-1 text-muted">{description}</p>
      {children}
    </div>
  );
}
