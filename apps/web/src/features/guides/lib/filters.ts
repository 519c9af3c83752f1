import { GUIDE_LEVELS, GUIDE_STATUSES, type GuideLevel, type GuideStatus } from '@maktaba/shared/schemas/guides';

export const parseLevel = (value: string | null): GuideLevel | undefined =>
  (GUIDE_LEVELS as readonly string[]).includes(value ?? '') ? (value as GuideLevel) : undefined;

export const parseStatus = (value: string | null): GuideStatus | undefined =>
  (GUIDE_STATUSES as readonly string[]).includes(value ?? '') ? (value as GuideStatus) : undefined;
