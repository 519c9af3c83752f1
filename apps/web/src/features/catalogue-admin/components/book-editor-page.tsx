/** The book editor: creates a book, or edits the one named by `?id=`. */
export function BookEditorPage() {
  return null;
}
