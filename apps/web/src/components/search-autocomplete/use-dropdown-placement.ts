import { type RefObject, useLayoutEffect, useState } from 'react';
import { choosePlacement, type Placement } from './autocomplete-logic';

/**
 * Where the dropdown of `anchor` opens (§2.4), measured when it opens and again on resize and
 * scroll while it is open, with the room on that side (to cap the list's height).
 */
export function useDropdownPlacement(anchor: RefObject<HTMLElement | null>, isOpen: boolean) {
  const [placement, setPlacement] = useState<{ side: Placement; room: number }>({ side: 'below', room: 0 });
  useLayoutEffect(() => {
    if (!isOpen) return;
    const measure = () => {
      const rect = anchor.current?.getBoundingClientRect();
      if (!rect) return;
      const below = window.innerHeight - rect.bottom;
      const above = rect.top;
      const side = choosePlacement(below, above);
      const room = Math.floor(side === 'below' ? below : above);
      setPlacement((current) => (current.side === side && current.room === room ? current : { side, room }));
    };
    measure();
    window.addEventListener('resize', measure);
    // Capture: a scroll of any ancestor moves the box, not only the window's.
    window.addEventListener('scroll', measure, { capture: true, passive: true });
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, { capture: true });
    };
  }, [anchor, isOpen]);
  return placement;
}
