import { useTranslation } from 'react-i18next';

export const PRIVACY_SECTIONS = [
  'introduction',
  'informationWeCollect',
  'howWeUse',
  'dataProtection',
  'islamicEthics',
  'yourRights',
  'thirdPartyServices',
  'aiLibrarian',
  'cookiesAndTracking',
  'childrensPrivacy',
  'dataRetention',
  'internationalUsers',
  'changes',
  'contact',
  'consent',
] as const;

const MARK = '\u0000';

/** Renders a paragraph, turning its {{email}} placeholder into a mail link. */
function Paragraph({ text, email }: { text: string; email: string | undefined }) {
  if (!text.includes(MARK)) return <p>{text}</p>;
  const [before, after] = text.split(MARK);
  return (
    <p>
      {before}
      {email ? (
        <a href={`mailto:${email}`} className="font-medium text-primary underline" dir="ltr">
          {email}
        </a>
      ) : null}
      {after}
    </p>
  );
}

function List({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="list-disc space-y-1 ps-6">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

export function PrivacySection({ id, contactEmail }: { id: (typeof PRIVACY_SECTIONS)[number]; contactEmail?: string }) {
  const { t, i18n } = useTranslation();
  const base = `privacy.sections.${id}`;
  const strings = (key: string) => {
    if (!i18n.exists(`${base}.${key}`)) return [];
    const value = t(`${base}.${key}`, { returnObjects: true, email: MARK });
    return Array.isArray(value) ? (value as string[]) : [];
  };
  return (
    <section id={id} aria-labelledby={`${id}-title`} tabIndex={-1} className="scroll-mt-6 outline-none">
      <h2 id={`${id}-title`} className="font-display text-xl font-bold">
        {t(`${base}.title`)}
      </h2>
      <div className="mt-3 space-y-3 leading-relaxed">
        {strings('paragraphs').map((text) => (
          <Paragraph key={text} text={text} email={contactEmail} />
        ))}
        {i18n.exists(`${base}.basicProfileTitle`) ? (
          <>
            <h3 className="pt-2 font-semibold">{t(`${base}.basicProfileTitle`)}</h3>
            <List items={strings('basicProfileItems')} />
            <h3 className="pt-2 font-semibold">{t(`${base}.usageDataTitle`)}</h3>
            <List items={strings('usageDataItems')} />
          </>
        ) : null}
        <List items={strings('items')} />
      </div>
    </section>
  );
}
