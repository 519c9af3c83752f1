import { clsx } from 'clsx';
import { getInitials } from '../../../lib/initials';

/** The user's picture, or their initials (accounts-and-auth §5); decorative beside the name. */
export function UserAvatar({
  name,
  email,
  url,
  size = 'sm',
}: {
  name: string | null;
  email: string;
  url: string | null;
  size?: 'sm' | 'lg';
}) {
  const box = size === 'lg' ? 'size-20 text-2xl' : 'size-9 text-sm';
  if (url) return <img src={url} alt="" className={clsx(box, 'shrink-0 rounded-full object-cover')} />;
  return (
    <span
      aria-hidden
      className={clsx(
        box,
        'inline-flex shrink-0 items-center justify-center rounded-full bg-primary-soft font-bold text-primary',
      )}
    >
      {getInitials(name || email.split('@')[0])}
    </span>
  );
}
