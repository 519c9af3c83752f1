/** The catalogue manager: books, authors, categories and scholars (admin and librarian views). */
export function CatalogueManagerPage() {
  return null;
}
