import { PlannedPage } from '../../placeholder/components/planned-page';

export function BookPage() {
  return <PlannedPage />;
}
