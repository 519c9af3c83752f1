import type { LucideIcon } from 'lucide-react';
import { Bell, Database, Mail, MapPin, Palette, ShieldCheck, UserRound } from 'lucide-react';

/**
 * The sections of Settings, in menu order. Each has its own address (`/settings/<id>`), so a link
 * (an e-mail, the borrow dialog's "Change address") can open the one it means; `/settings` opens the first.
 */
export const SETTINGS_SECTIONS = [
  { id: 'profile', icon: UserRound },
  { id: 'address', icon: MapPin },
  { id: 'preferences', icon: Palette },
  { id: 'notifications', icon: Bell },
  { id: 'email', icon: Mail },
  { id: 'security', icon: ShieldCheck },
  { id: 'data', icon: Database },
] as const satisfies readonly { id: string; icon: LucideIcon }[];

export type SettingsSectionId = (typeof SETTINGS_SECTIONS)[number]['id'];

export const DEFAULT_SETTINGS_SECTION: SettingsSectionId = 'profile';

export function isSettingsSection(value: string | undefined): value is SettingsSectionId {
  return SETTINGS_SECTIONS.some((section) => section.id === value);
}

export const settingsPath = (section: SettingsSectionId) => `/settings/${section}`;
