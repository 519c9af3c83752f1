import { PlannedPage } from '../../placeholder/components/planned-page';

export function BooksPage() {
  return <PlannedPage />;
}
