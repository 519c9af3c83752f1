import { clsx } from 'clsx';
import { useState } from 'react';
import defaultScholarImage from '../../../assets/default-scholar.svg';
import { imageUrl } from '../../../lib/images';

/** A scholar's photo, or the bundled default when there is none or it fails to load. */
export function ScholarPhoto({
  image,
  size,
  className,
  testId,
}: {
  image: string | null;
  size: number;
  className?: string;
  testId?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const source = image && failed !== image ? imageUrl(image, size, size) : defaultScholarImage;
  return (
    <img
      src={source}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(image)}
      data-testid={testId}
      className={clsx('aspect-square rounded-full border border-border bg-surface-2 object-cover', className)}
    />
  );
}
