import { PlannedPage } from '../../placeholder/components/planned-page';

export function ScholarPage() {
  return <PlannedPage />;
}
