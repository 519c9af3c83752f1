import type { GuardLevel } from '@maktaba/shared/permissions';

/** Metadata each route carries: its title (an i18n key) and who may open it. */
export type RouteHandle = {
  titleKey: string;
  guard?: GuardLevel;
};
