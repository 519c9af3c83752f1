import type {
  Author,
  Book,
  BookDifficulty,
  BookStatus,
  BookSummary,
  Category,
  CategorySuggestion,
  Scholar,
} from '@maktaba/shared/schemas/catalogue';
import { publicObjectUrl } from '@maktaba/shared/schemas/storage';
import type { AuthorRow, BookRow, BookSummaryRow, CategoryRow, ScholarRow } from './catalogue.repository.js';

/** Public address of a stored image (the storage route serves it, with optional transforms). */
const imageUrl = publicObjectUrl;

const iso = (date: Date | string) => new Date(date).toISOString();

/** Authors' names joined in order, per language; each language falls back to the other's name. */
export function authorLine(authors: BookSummaryRow['authors'], lang: 'en' | 'ar'): string | null {
  const names = authors
    .map((author) => (lang === 'en' ? (author.name ?? author.name_ar) : (author.name_ar ?? author.name)))
    .filter((name): name is string => Boolean(name));
  return names.length > 0 ? names.join(lang === 'en' ? ', ' : '، ') : null;
}

export function toBookSummary(row: BookSummaryRow): BookSummary {
  const cover = imageUrl('covers', row.coverKey);
  const authorName = authorLine(row.authors, 'en');
  const authorNameAr = authorLine(row.authors, 'ar');
  return {
    id: row.id,
    title: row.titleEn,
    title_ar: row.titleAr,
    author_name: authorName,
    author_name_ar: authorNameAr,
    author: authorName,
    author_ar: authorNameAr,
    authors: row.authors,
    cover_image: cover,
    book_cover_image: cover,
    publication_year: row.publicationYear,
    category_key: row.categoryKey,
    created_at: iso(row.createdAt),
  };
}

export function toBook(row: BookRow): Book {
  const first = row.categories[0];
  const cover = imageUrl('covers', row.coverKey);
  return {
    ...toBookSummary({ ...row, categoryKey: first?.key ?? null }),
    external_id: row.externalId,
    description: row.descriptionEn,
    description_ar: row.descriptionAr,
    category: first?.name ?? null,
    category_ar: first?.name_ar ?? null,
    categories: row.categories,
    publisher: row.publisher,
    language: row.language,
    format: row.format,
    difficulty: (row.difficulty as BookDifficulty | null) ?? null,
    content_type: row.contentType,
    is_digital: row.isDigital,
    copies_total: row.copiesTotal,
    copies_available: row.copiesAvailable,
    available: row.isDigital || row.copiesAvailable > 0,
    status: row.status as BookStatus,
    image_url: cover,
    popularity: row.popularity ?? 0,
    updated_at: iso(row.updatedAt),
  };
}

export function toAuthor(row: AuthorRow): Author {
  return {
    id: row.id,
    key: row.key,
    name: row.nameEn,
    name_ar: row.nameAr,
    death_hijri: row.deathHijri,
    death_ce: row.deathCe,
    biography: row.biographyEn,
    biography_ar: row.biographyAr,
    image: imageUrl('portraits', row.photoKey),
    book_count: row.bookCount,
    updated_at: iso(row.updatedAt),
  };
}

export function toScholar(row: ScholarRow): Scholar {
  return {
    id: row.id,
    key: row.key,
    name: row.nameEn,
    name_ar: row.nameAr,
    title: row.titleEn,
    title_ar: row.titleAr,
    image: imageUrl('portraits', row.photoKey),
    externalLink: row.externalLink,
    author_id: row.authorId,
    order: row.sortOrder,
    updated_at: iso(row.updatedAt),
  };
}

export function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    key: row.key,
    name: row.nameEn,
    name_ar: row.nameAr,
    parent_id: row.parentId,
    book_count: row.bookCount,
    description_en: row.descriptionEn,
    description_ar: row.descriptionAr,
    sort_order: row.sortOrder,
  };
}

export function toCategorySuggestion(row: CategoryRow): CategorySuggestion {
  return { id: row.key, query: row.nameEn, query_ar: row.nameAr, type: 'category' };
}
