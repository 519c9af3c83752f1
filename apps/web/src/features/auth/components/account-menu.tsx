import type { Language } from '@maktaba/shared/constants';
import { BookOpenText, ChevronDown, Languages, LogOut, MessageSquare, RefreshCw, Settings } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmailText } from '../../../components/email-text';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { currentLanguage } from '../../../lib/i18n';
import { getInitials } from '../../../lib/initials';
import { chooseLanguage } from '../../../lib/reader-preferences';
import { useRefreshSession } from '../hooks/use-auth-session';
import { useSignOut } from '../hooks/use-sign-out';

const itemClass =
  'flex min-h-11 cursor-default items-center gap-3 rounded-app px-3 text-sm outline-none select-none data-[highlighted]:bg-surface-2';

/** The header's account menu (reader-area §2.2): who is signed in, My Imam, Settings, Feedback, language, refresh session, sign out. */
export function AccountMenu({ onFeedback }: { onFeedback: () => void }) {
  const { t, i18n } = useTranslation();
  const { displayName, email, role } = useAuthStore();
  const avatarUrl = useAuthStore((state) => state.profile?.avatar_url ?? null);
  const signOut = useSignOut();
  const refreshSession = useRefreshSession();
  const name = displayName ?? email ?? '';
  const other: Language = currentLanguage() === 'ar' ? 'en' : 'ar';
  const otherName = other === 'ar' ? t('footer.switchToArabic') : t('footer.switchToEnglish');

  return (
    // Not modal: a menu does not need to hide the page from assistive technology while open, and
    // doing so leaves focusable controls inside aria-hidden regions.
    // Radix menus default to left-to-right; arrow keys and alignment must follow the language.
    <DropdownMenu.Root modal={false} dir={i18n.dir()}>
      <DropdownMenu.Trigger className="inline-flex min-h-11 max-w-60 items-center gap-2 rounded-app px-2 hover:bg-surface-2">
        {avatarUrl ? (
          <img
            src={avatarUrl}
            alt=""
            data-testid="account-avatar"
            className="size-8 shrink-0 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden
            data-testid="account-initials"
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary-soft text-xs font-bold text-primary"
          >
            {getInitials(name)}
          </span>
        )}
        <span className="hidden truncate text-sm font-medium sm:inline" dir="auto">
          {name}
        </span>
        <span className="sr-only">{t('account.menu')}</span>
        <ChevronDown aria-hidden className="size-4 shrink-0 text-muted" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-40 max-w-[calc(100vw-1.5rem)] min-w-60 rounded-app border border-border bg-surface p-1 text-fg shadow-lg"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block truncate text-sm font-semibold">
              <bdi>{name}</bdi>
            </span>
            {email && email !== name ? (
              <span className="block text-xs text-muted">
                <EmailText email={email} />
              </span>
            ) : null}
            <span className="mt-1 block text-xs text-muted">
              {t('account.role', { role: t(`roles.${role ?? 'guest'}`) })}
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/myimam">
              <BookOpenText aria-hidden className="size-4" />
              {t('nav.myImam')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/settings">
              <Settings aria-hidden className="size-4" />
              {t('nav.settings')}
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={onFeedback}>
            <MessageSquare aria-hidden className="size-4" />
            {t('feedback.open')}
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => void chooseLanguage(other)}>
            <Languages aria-hidden className="size-4" />
            <span>{t('account.switchLanguage', { language: otherName })}</span>
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => void refreshSession()}>
            <RefreshCw aria-hidden className="size-4" />
            {t('auth.lifecycle.refreshSession')}
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void signOut()}>
            <LogOut aria-hidden className="flip-rtl size-4" />
            {t('account.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
