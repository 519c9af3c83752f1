import { PlannedPage } from '../../placeholder/components/planned-page';

export function HomePage() {
  return <PlannedPage />;
}
