import { PlannedPage } from '../../placeholder/components/planned-page';

export function AuthorPage() {
  return <PlannedPage />;
}
