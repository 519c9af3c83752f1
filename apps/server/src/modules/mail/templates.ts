import type { Language } from '@maktaba/shared/constants';
import { catalogues, directionOf } from '@maktaba/shared/i18n/index';
import i18next, { type TFunction } from 'i18next';

/** Every message the server sends, with the values its template needs. */
export type EmailMessage =
  | {
      to: string;
      locale: Language;
      template: 'password_reset';
      data: { link: string; expiresInMinutes: number };
    }
  | {
      to: string;
      locale: Language;
      template: 'password_changed';
      data: { changedAt: Date; signInUrl: string };
    }
  | {
      /** To the old address, when an admin changed the account's e-mail. */
      to: string;
      locale: Language;
      template: 'email_changed';
      data: { signInUrl: string };
    }
  | {
      /** A new account (or a resend): the link that verifies its address. */
      to: string;
      locale: Language;
      template: 'email_verify';
      data: { link: string; expiresInMinutes: number };
    }
  | {
      /** To the NEW address the reader asked for: the link that makes it the account's. */
      to: string;
      locale: Language;
      template: 'email_change_confirm';
      data: { link: string; expiresInMinutes: number; currentEmail: string };
    }
  | {
      /** To the OLD address: someone asked to move the account to `maskedEmail`. */
      to: string;
      locale: Language;
      template: 'email_change_requested';
      data: { maskedEmail: string; signInUrl: string };
    }
  | {
      /** An account an admin created: the link to choose a first password. */
      to: string;
      locale: Language;
      template: 'account_created';
      data: { link: string; expiresInMinutes: number };
    }
  | {
      /** An account without its shipping address yet: the link back to the address step. */
      to: string;
      locale: Language;
      template: 'registration_reminder';
      data: { link: string };
    }
  | {
      /** Lending: the library approved a request; the book will be packed and sent. */
      to: string;
      locale: Language;
      template: 'loan_approved';
      data: { bookTitle: string; link: string };
    }
  | {
      /** Lending: the library declined a request, with its reason. */
      to: string;
      locale: Language;
      template: 'loan_denied';
      data: { bookTitle: string; reason: string; link: string };
    }
  | {
      /** Lending: the book is on its way to the reader. */
      to: string;
      locale: Language;
      template: 'loan_shipped';
      data: { bookTitle: string; carrier: string | null; trackingNumber: string | null; link: string };
    }
  | {
      /** Lending: the book is due soon (the date already written in the reader's language). */
      to: string;
      locale: Language;
      template: 'loan_due_soon';
      data: { bookTitle: string; dueDate: string; link: string };
    }
  | {
      /** Lending: the book is overdue; `final` for the last notice the library sends. */
      to: string;
      locale: Language;
      template: 'loan_overdue';
      data: { bookTitle: string; dueDate: string; final: boolean; link: string };
    }
  | {
      /** Waiting list: a copy is the reader's if they confirm by `confirmBy` (a date in their language). */
      to: string;
      locale: Language;
      template: 'hold_available';
      data: { bookTitle: string; confirmBy: string; link: string };
    }
  | {
      /**
       * Study circles: a meeting was planned, moved (time or place) or cancelled. `when` is already
       * written in the reader's language, with its time zone.
       */
      to: string;
      locale: Language;
      template: 'circle_meeting';
      data: {
        circleName: string;
        change: 'new' | 'changed' | 'cancelled';
        when: string;
        location: string | null;
        link: string;
      };
    }
  | {
      /**
       * Ask a Librarian: a librarian answered the reader's question (`subject`, the reader's own
       * words). The answer itself is not in the message: the reader reads it signed in.
       */
      to: string;
      locale: Language;
      template: 'question_answered';
      data: { subject: string; link: string };
    };

export type EmailTemplate = EmailMessage['template'];

export type RenderedEmail = { subject: string; text: string; html: string };

/**
 * The layout of a message: a title, paragraphs before the button, the button (a link), and
 * paragraphs after it. Texts are plain (never markup): the HTML part escapes all of them.
 */
type Content = {
  subject: string;
  title: string;
  before: string[];
  action: { label: string; url: string };
  after: string[];
};

const i18n = i18next.createInstance();
void i18n.init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'ar'],
  resources: { en: { translation: catalogues.en }, ar: { translation: catalogues.ar } },
  // Values are inserted raw here; the HTML part escapes each whole text (values included).
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Links in messages are built by the server from PUBLIC_URL; anything else is a bug, not a message. */
function ensureWebLink(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error(`An e-mail link must be http(s), not ${parsed.protocol}`);
  }
  return url;
}

function formatDuration(minutes: number, locale: Language): string {
  const [value, unit] = minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** The reader's time zone is unknown to the server: the time is given in UTC, and says so. */
function formatDateTime(date: Date, locale: Language): string {
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
}

function contentOf(message: EmailMessage, t: TFunction): Content {
  const library = t('app.name');
  const email = message.to;
  switch (message.template) {
    case 'password_reset':
      return {
        subject: t('email.passwordReset.subject', { library }),
        title: t('email.passwordReset.title'),
        before: [t('email.common.greeting'), t('email.passwordReset.intro', { library, email })],
        action: { label: t('email.passwordReset.action'), url: ensureWebLink(message.data.link) },
        after: [
          t('email.passwordReset.validity', {
            duration: formatDuration(message.data.expiresInMinutes, message.locale),
          }),
          t('email.passwordReset.ignore'),
        ],
      };
    case 'password_changed':
      return {
        subject: t('email.passwordChanged.subject', { library }),
        title: t('email.passwordChanged.title'),
        before: [
          t('email.common.greeting'),
          t('email.passwordChanged.intro', {
            library,
            email,
            changedAt: formatDateTime(message.data.changedAt, message.locale),
          }),
          t('email.passwordChanged.ok'),
          t('email.passwordChanged.notYou'),
        ],
        action: { label: t('email.passwordChanged.action'), url: ensureWebLink(message.data.signInUrl) },
        after: [],
      };
    case 'email_changed':
      return {
        subject: t('email.emailChanged.subject', { library }),
        title: t('email.emailChanged.title'),
        before: [
          t('email.common.greeting'),
          t('email.emailChanged.intro', { library, email }),
          t('email.emailChanged.notYou'),
        ],
        action: { label: t('email.emailChanged.action'), url: ensureWebLink(message.data.signInUrl) },
        after: [],
      };
    case 'email_verify':
      return {
        subject: t('email.emailVerify.subject', { library }),
        title: t('email.emailVerify.title'),
        before: [t('email.common.greeting'), t('email.emailVerify.intro', { library, email })],
        action: { label: t('email.emailVerify.action'), url: ensureWebLink(message.data.link) },
        after: [
          t('email.emailVerify.validity', {
            duration: formatDuration(message.data.expiresInMinutes, message.locale),
          }),
          t('email.emailVerify.ignore', { library }),
        ],
      };
    case 'email_change_confirm':
      return {
        subject: t('email.emailChangeConfirm.subject', { library }),
        title: t('email.emailChangeConfirm.title'),
        before: [
          t('email.common.greeting'),
          t('email.emailChangeConfirm.intro', { library, email, current: message.data.currentEmail }),
        ],
        action: { label: t('email.emailChangeConfirm.action'), url: ensureWebLink(message.data.link) },
        after: [
          t('email.emailChangeConfirm.validity', {
            duration: formatDuration(message.data.expiresInMinutes, message.locale),
          }),
          t('email.emailChangeConfirm.ignore'),
        ],
      };
    case 'email_change_requested':
      return {
        subject: t('email.emailChangeRequested.subject', { library }),
        title: t('email.emailChangeRequested.title'),
        before: [
          t('email.common.greeting'),
          t('email.emailChangeRequested.intro', { library, email, masked: message.data.maskedEmail }),
          t('email.emailChangeRequested.stays'),
          t('email.emailChangeRequested.notYou'),
        ],
        action: { label: t('email.emailChangeRequested.action'), url: ensureWebLink(message.data.signInUrl) },
        after: [],
      };
    case 'account_created':
      return {
        subject: t('email.accountCreated.subject', { library }),
        title: t('email.accountCreated.title', { library }),
        before: [t('email.common.greeting'), t('email.accountCreated.intro', { library, email })],
        action: { label: t('email.accountCreated.action'), url: ensureWebLink(message.data.link) },
        after: [
          t('email.accountCreated.validity', {
            duration: formatDuration(message.data.expiresInMinutes, message.locale),
          }),
          t('email.accountCreated.ignore'),
        ],
      };
    case 'registration_reminder':
      return {
        subject: t('email.registrationReminder.subject', { library }),
        title: t('email.registrationReminder.title'),
        before: [t('email.common.greeting'), t('email.registrationReminder.intro', { library })],
        action: { label: t('email.registrationReminder.action'), url: ensureWebLink(message.data.link) },
        after: [t('email.registrationReminder.ignore')],
      };
    case 'loan_approved':
      return {
        subject: t('email.loanApproved.subject', { title: message.data.bookTitle }),
        title: t('email.loanApproved.title'),
        before: [t('email.common.greeting'), t('email.loanApproved.intro', { library, title: message.data.bookTitle })],
        action: { label: t('email.loans.action'), url: ensureWebLink(message.data.link) },
        after: [],
      };
    case 'loan_denied':
      return {
        subject: t('email.loanDenied.subject', { title: message.data.bookTitle }),
        title: t('email.loanDenied.title'),
        before: [
          t('email.common.greeting'),
          t('email.loanDenied.intro', { library, title: message.data.bookTitle }),
          t('email.loanDenied.reason', { reason: message.data.reason }),
        ],
        action: { label: t('email.loans.action'), url: ensureWebLink(message.data.link) },
        after: [],
      };
    case 'loan_shipped':
      return {
        subject: t('email.loanShipped.subject', { title: message.data.bookTitle }),
        title: t('email.loanShipped.title'),
        before: [
          t('email.common.greeting'),
          t('email.loanShipped.intro', { library, title: message.data.bookTitle }),
          ...(message.data.trackingNumber
            ? [
                t('email.loanShipped.tracking', {
                  carrier: message.data.carrier ?? t('email.loanShipped.carrierUnknown'),
                  tracking: message.data.trackingNumber,
                }),
              ]
            : []),
          t('email.loanShipped.confirm'),
        ],
        action: { label: t('email.loans.action'), url: ensureWebLink(message.data.link) },
        after: [],
      };
    case 'loan_due_soon':
      return {
        subject: t('email.loanDueSoon.subject', { title: message.data.bookTitle }),
        title: t('email.loanDueSoon.title'),
        before: [
          t('email.common.greeting'),
          t('email.loanDueSoon.intro', { library, title: message.data.bookTitle, date: message.data.dueDate }),
          t('email.loanDueSoon.renew'),
        ],
        action: { label: t('email.loans.action'), url: ensureWebLink(message.data.link) },
        after: [],
      };
    case 'hold_available':
      return {
        subject: t('email.holdAvailable.subject', { title: message.data.bookTitle }),
        title: t('email.holdAvailable.title'),
        before: [
          t('email.common.greeting'),
          t('email.holdAvailable.intro', { library, title: message.data.bookTitle }),
          t('email.holdAvailable.confirm', { date: message.data.confirmBy }),
        ],
        action: { label: t('email.loans.action'), url: ensureWebLink(message.data.link) },
        after: [],
      };
    case 'question_answered':
      return {
        subject: t('email.questionAnswered.subject'),
        title: t('email.questionAnswered.title'),
        before: [
          t('email.common.greeting'),
          t('email.questionAnswered.intro', { library, subject: message.data.subject }),
          t('email.questionAnswered.read'),
        ],
        action: { label: t('email.questionAnswered.action'), url: ensureWebLink(message.data.link) },
        after: [],
      };
    case 'circle_meeting': {
      const key = `email.circleMeeting.${message.data.change}`;
      return {
        subject: t(`${key}.subject`, { circle: message.data.circleName }),
        title: t(`${key}.title`),
        before: [
          t('email.common.greeting'),
          t(`${key}.intro`, { circle: message.data.circleName, when: message.data.when }),
          ...(message.data.location && message.data.change !== 'cancelled'
            ? [t('email.circleMeeting.location', { location: message.data.location })]
            : []),
        ],
        action: { label: t('email.circleMeeting.action'), url: ensureWebLink(message.data.link) },
        after: [],
      };
    }
    case 'loan_overdue': {
      const key = message.data.final ? 'email.loanOverdue.final' : 'email.loanOverdue';
      return {
        subject: t(`${key}.subject`, { title: message.data.bookTitle }),
        title: t(`${key}.title`),
        before: [
          t('email.common.greeting'),
          t('email.loanOverdue.intro', {
            library,
            title: message.data.bookTitle,
            date: message.data.dueDate,
          }),
          t('email.loanOverdue.sendBack'),
          ...(message.data.final ? [t('email.loanOverdue.final.note')] : []),
        ],
        action: { label: t('email.loans.action'), url: ensureWebLink(message.data.link) },
        after: [],
      };
    }
  }
}

/** Texts in a given language, for what the server writes for a reader (notifications). */
export function translator(locale: Language): TFunction {
  return i18n.getFixedT(locale);
}

function renderText(content: Content, library: string, t: TFunction): string {
  return [
    library,
    '',
    content.title,
    '',
    ...content.before.flatMap((paragraph) => [paragraph, '']),
    `${content.action.label}:`,
    content.action.url,
    '',
    ...content.after.flatMap((paragraph) => [paragraph, '']),
    '-- ',
    t('email.common.footer', { library }),
    '',
  ].join('\n');
}

const FONT = "font-family:'Segoe UI',Tahoma,Arial,'Noto Sans Arabic',sans-serif";
const paragraph = (text: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#1f2937">${escapeHtml(text)}</p>`;

/**
 * A single-column layout that mail clients render alike: tables, inline styles only, no images or
 * remote resources. Alignment follows `dir` (no left/right), so Arabic mirrors by itself.
 */
function renderHtml(content: Content, library: string, locale: Language, t: TFunction): string {
  const dir = directionOf(locale);
  const url = escapeHtml(content.action.url);
  return `<!doctype html>
<html lang="${locale}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f1ea">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f1ea">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" dir="${dir}" style="max-width:560px;background-color:#ffffff;border-radius:8px;${FONT}">
<tr><td dir="${dir}" style="padding:28px 32px 8px">
<p style="margin:0 0 20px;font-size:20px;font-weight:bold;color:#5b21b6">${escapeHtml(library)}</p>
<h1 style="margin:0 0 20px;font-size:22px;line-height:1.4;color:#111827">${escapeHtml(content.title)}</h1>
${content.before.map(paragraph).join('\n')}
<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr>
<td style="border-radius:6px;background-color:#5b21b6"><a href="${url}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(content.action.label)}</a></td>
</tr></table>
${paragraph(t('email.common.linkFallback'))}
<p dir="ltr" style="margin:0 0 24px;font-size:14px;line-height:1.5;word-break:break-all"><a href="${url}" style="color:#5b21b6">${url}</a></p>
${content.after.map(paragraph).join('\n')}
</td></tr>
<tr><td dir="${dir}" style="padding:16px 32px 24px;border-top:1px solid #e5e7eb">
<p style="margin:0;font-size:13px;line-height:1.5;color:#6b7280">${escapeHtml(t('email.common.footer', { library }))}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

/** Renders a message in its recipient's language: subject, plain-text part and HTML part. */
export function renderEmail(message: EmailMessage): RenderedEmail {
  const t = i18n.getFixedT(message.locale);
  const content = contentOf(message, t);
  const library = t('app.name');
  return {
    subject: content.subject,
    text: renderText(content, library, t),
    html: renderHtml(content, library, message.locale, t),
  };
}
