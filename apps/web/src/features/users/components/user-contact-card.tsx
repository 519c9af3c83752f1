import type { Profile } from '@maktaba/shared/schemas/profile';
import { useTranslation } from 'react-i18next';

const REQUIRED = ['address_line_1', 'city', 'state_province', 'postal_code', 'country'] as const;

/** What the desk needs to reach a reader: the phone number and the address books are shipped to. */
export function UserContactCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const cityLine = [profile.city, profile.state_province, profile.postal_code].filter(Boolean).join(', ');
  const lines = [profile.address_line_1, profile.address_line_2, cityLine, profile.country].filter(
    (line): line is string => Boolean(line?.trim()),
  );
  const complete = REQUIRED.every((field) => profile[field]?.trim());
  return (
    <section aria-labelledby="user-contact-title" className="rounded-app border border-border bg-surface p-5">
      <h2 id="user-contact-title" className="font-display text-xl font-bold">
        {t('users.contact.title')}
      </h2>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-muted">{t('users.contact.phone')}</dt>
        <dd className="min-w-0 font-medium" data-testid="user-phone">
          {profile.phone_number ? <bdi dir="ltr">{profile.phone_number}</bdi> : t('users.contact.none')}
        </dd>
        <dt className="text-muted">{t('users.contact.address')}</dt>
        <dd className="min-w-0 break-words font-medium" data-testid="user-address">
          {lines.length > 0 ? (
            <address className="not-italic">
              {lines.map((line) => (
                <span key={line} className="block">
                  <bdi>{line}</bdi>
                </span>
              ))}
            </address>
          ) : (
            t('users.contact.none')
          )}
        </dd>
      </dl>
      {lines.length > 0 && !complete ? (
        <p className="mt-2 text-sm text-danger">{t('users.contact.incomplete')}</p>
      ) : null}
    </section>
  );
}
