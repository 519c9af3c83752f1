/**
 * The e-mail that tells a reader a librarian answered their question: in their language, with the
 * link to the question's thread, their subject escaped in the HTML part, and not the answer itself.
 */
import { catalogues } from '@maktaba/shared/i18n/index';
import { describe, expect, it } from 'vitest';
import { renderEmail } from '../src/modules/mail/templates.js';

const link = 'https://library.example.org/ask?question=0b1c9f0e-8c1d-4f7a-9b55-3c2c1d7e4a10';

describe('the question_answered e-mail', () => {
  it('tells an English reader that a librarian (a person) answered, with a link to the thread', () => {
    const mail = renderEmail({
      to: 'r@example.org',
      locale: 'en',
      template: 'question_answered',
      data: { subject: 'Books on patience', link },
    });
    expect(mail.subject).toBe('A librarian answered your question');
    expect(mail.text).toContain('A librarian at Maktaba has answered your question “Books on patience”.');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('Read the answer');
    expect(mail.html).toContain('dir="ltr"');
  });

  it('speaks Arabic, right to left, and escapes the reader’s subject in the HTML part', () => {
    const subject = '<b>الصبر</b> & الشكر';
    const mail = renderEmail({
      to: 'r@example.org',
      locale: 'ar',
      template: 'question_answered',
      data: { subject, link },
    });
    expect(mail.subject).toBe(catalogues.ar.email.questionAnswered.subject);
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain(catalogues.ar.email.questionAnswered.action);
    expect(mail.html).not.toContain('<b>');
    expect(mail.html).toContain('&lt;b&gt;الصبر&lt;/b&gt; &amp; الشكر');
  });
});
