import type { Quote } from '@maktaba/shared/schemas/quotes';

/** A published quote with both texts, a linked speaker and book, and a topic; override what a test needs. */
export function makeQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: '5a0c2f4e-1b2d-4c3e-8f9a-0b1c2d3e4f50',
    text_en: 'The value of each person is in what they do well.',
    text_ar: 'قِيمَةُ كُلِّ امْرِئٍ مَا يُحْسِنُهُ',
    speaker_en: 'Imam Ali',
    speaker_ar: 'الإمام علي',
    author: { id: '0b6f4f2a-3c1d-4e5f-9a8b-7c6d5e4f3a21', name_en: 'Ali ibn Abi Talib', name_ar: 'علي بن أبي طالب' },
    scholar: null,
    source_title: null,
    source_book: { id: '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a', title_en: 'Nahj al-Balagha', title_ar: 'نهج البلاغة' },
    source_reference: 'Saying 81',
    translator: 'Sayed Ali Reza',
    source_url: 'https://example.org/nahj/81',
    topics: [{ id: '3e2d1c0b-9a8f-4e7d-8c6b-5a4f3e2d1c0b', key: 'ethics', name_en: 'Ethics', name_ar: 'الأخلاق' }],
    status: 'approved',
    featured: false,
    saved: false,
    contributor: null,
    review_note: null,
    created_at: '2026-11-20T10:00:00.000Z',
    approved_at: '2026-11-21T10:00:00.000Z',
    ...overrides,
  };
}
