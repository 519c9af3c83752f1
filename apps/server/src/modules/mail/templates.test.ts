import { describe, expect, it } from 'vitest';
import { renderEmail } from './templates.js';

const link = 'https://library.example.org/myimam';

describe('lending e-mails', () => {
  it('tell the reader of an approval in English, naming the book, with a link to their loans', () => {
    const mail = renderEmail({
      to: 'r@example.org',
      locale: 'en',
      template: 'loan_approved',
      data: { bookTitle: 'Al-Kafi', link },
    });
    expect(mail.subject).toBe('Your request for “Al-Kafi” was approved');
    expect(mail.text).toContain('Maktaba approved your request for “Al-Kafi”.');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain('See my loans');
    expect(mail.html).toContain('dir="ltr"');
  });

  it('speak Arabic, right to left, to a reader who asked in Arabic', () => {
    const mail = renderEmail({
      to: 'r@example.org',
      locale: 'ar',
      template: 'loan_approved',
      data: { bookTitle: 'الكافي', link },
    });
    expect(mail.subject).toBe('تمت الموافقة على طلبك لكتاب «الكافي»');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('اطّلع على إعاراتي');
  });

  it("give the library's reason for a denial, escaped in the HTML part", () => {
    const reason = '<img src=x onerror=alert(1)> damaged & out of print';
    const mail = renderEmail({
      to: 'r@example.org',
      locale: 'en',
      template: 'loan_denied',
      data: { bookTitle: 'Nahj', reason, link },
    });
    expect(mail.text).toContain(`The library's reason: ${reason}`);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; damaged &amp; out of print');
  });

  it('give the carrier and tracking number of a shipment when the desk recorded them, and not otherwise', () => {
    const tracked = renderEmail({
      to: 'r@example.org',
      locale: 'en',
      template: 'loan_shipped',
      data: { bookTitle: 'Nahj', carrier: 'DHL', trackingNumber: 'JD0146', link },
    });
    expect(tracked.text).toContain('Carrier: DHL · Tracking number: JD0146');
    expect(tracked.text).toContain('press “I received it”');
    const untracked = renderEmail({
      to: 'r@example.org',
      locale: 'ar',
      template: 'loan_shipped',
      data: { bookTitle: 'نهج البلاغة', carrier: null, trackingNumber: null, link },
    });
    expect(untracked.text).not.toContain('رقم التتبّع');
    expect(untracked.subject).toBe('كتاب «نهج البلاغة» في الطريق إليك');
  });
});
