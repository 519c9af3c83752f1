import { clsx } from 'clsx';
import { ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format';
import { useToolsOverview } from '../hooks/use-tools-overview';
import { ADMIN_TOOL_GROUPS, type AdminTool } from './admin-tools';
import { SecuritySettingsSwitch } from './security-settings-switch';
import { SystemHealth } from './system-health';
import { type FigureKey, NEEDS_ATTENTION, TOOL_FIGURES } from './tool-figures';

type Figures = Partial<Record<FigureKey, number | null>>;

/** The card's live figures as short sentences (plural-aware); nothing while they load. */
function ToolFigures({ toolId, figures }: { toolId: string; figures: Figures | undefined }) {
  const { t, i18n } = useTranslation();
  const keys = TOOL_FIGURES[toolId];
  if (!keys || !figures) return null;
  return (
    <ul className="flex flex-col gap-0.5 text-sm" data-testid={`admin-tool-${toolId}-figures`}>
      {keys.map((key) => {
        const value = figures[key];
        if (value === undefined) return null;
        const emphasised = NEEDS_ATTENTION.has(key) && (value ?? 0) > 0;
        return (
          <li key={key} className={clsx(emphasised ? 'font-semibold text-danger' : 'text-fg')} data-figure={key}>
            {value === null
              ? t('adminTools.figures.sourceValidationNever')
              : t(`adminTools.figures.${key}`, { count: value, formatted: formatNumber(value, i18n.language) })}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A tool's card. The link holds only the tool's name (its accessible name is what it shows) and
 * stretches over the whole card, so the card is one large target; the purpose describes the link.
 */
function ToolCard({ tool, figures }: { tool: AdminTool; figures: Figures | undefined }) {
  const { t } = useTranslation();
  const Icon = tool.icon;
  const purposeId = `admin-tool-${tool.id}-purpose`;
  return (
    <li
      className="group relative flex min-h-20 items-start gap-3 rounded-app border border-border bg-surface p-4 transition hover:border-primary hover:bg-surface-2"
      data-testid={`admin-tool-${tool.id}`}
    >
      <span
        aria-hidden
        className="inline-flex size-10 shrink-0 items-center justify-center rounded-app bg-primary-soft text-primary"
      >
        <Icon className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <Link
          to={tool.to}
          aria-describedby={purposeId}
          className={clsx(
            'font-semibold text-fg after:absolute after:inset-0 after:rounded-app',
            // The focus ring goes round the card, not the name alone.
            'focus-visible:outline-none focus-visible:after:outline-3 focus-visible:after:outline-offset-2 focus-visible:after:outline-focus focus-visible:after:outline-solid',
          )}
        >
          {t(tool.titleKey)}
        </Link>
        <p id={purposeId} className="text-sm text-muted">
          {t(`adminTools.purposes.${tool.id}`)}
        </p>
        <ToolFigures toolId={tool.id} figures={figures} />
      </div>
      <ChevronRight aria-hidden className="flip-rtl mt-2.5 size-4 shrink-0 text-muted group-hover:text-primary" />
    </li>
  );
}

/** The admin tools index (reader-area §2.1, /admin and /admin/tools): a card for every tool, by group. */
export function AdminToolsPage() {
  const { t } = useTranslation();
  const overview = useToolsOverview();
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:py-10">
      <div>
        <h1 className="font-display text-3xl font-bold">{t('pages.admin.tools')}</h1>
        <p className="mt-1 text-muted">{t('adminTools.intro')}</p>
      </div>
      {ADMIN_TOOL_GROUPS.map((group) => {
        const headingId = `admin-tools-${group.id}`;
        return (
          <section key={group.id} aria-labelledby={headingId} className="flex flex-col gap-3">
            <h2 id={headingId} className="font-display text-xl font-bold">
              {t(`adminTools.groups.${group.id}`)}
            </h2>
            <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {group.tools.map((tool) => (
                <ToolCard key={tool.id} tool={tool} figures={overview.data?.figures} />
              ))}
            </ul>
          </section>
        );
      })}
      {overview.data ? (
        <SystemHealth health={overview.data.health} generatedAt={overview.data.generatedAt} />
      ) : overview.isError ? (
        <p role="alert" className="rounded-app bg-danger-soft p-3 text-sm font-medium text-danger">
          {t('adminTools.health.loadError')}
        </p>
      ) : (
        <p role="status" className="text-sm text-muted">
          {t('adminTools.figures.loading')}
        </p>
      )}
      <SecuritySettingsSwitch />
    </div>
  );
}
