import { create } from 'zustand';

/** Whether the navigation drawer (below 1024 px) is open. */
export const useSidebarStore = create<{ isOpen: boolean; setOpen: (isOpen: boolean) => void }>((set) => ({
  isOpen: false,
  setOpen: (isOpen) => set({ isOpen }),
}));
