import { ROLES } from '@maktaba/shared/permissions';
import { PROFILE_STATUSES } from '@maktaba/shared/schemas/profile';
import { COUNTRY_CODES, PROFILES_BULK_LIMITS, type ProfilesFilter } from '@maktaba/shared/schemas/profiles-bulk';

/** The editor's state as the address keeps it: the filters and the page. */
export type EditorState = { filter: ProfilesFilter; page: number };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : undefined;

/** Reads the address; anything the server would refuse is left out. */
export function stateFromParams(params: URLSearchParams): EditorState {
  const filter: ProfilesFilter = {};
  const role = oneOf(ROLES, params.get('role'));
  if (role) filter.role = role;
  const status = oneOf(PROFILE_STATUSES, params.get('status'));
  if (status) filter.status = status;
  const country = oneOf(COUNTRY_CODES, params.get('country'));
  if (country) filter.country = country;
  const incomplete = params.get('incompleteAddress');
  if (incomplete === 'true' || incomplete === 'false') filter.incompleteAddress = incomplete === 'true';
  const from = params.get('createdFrom');
  if (from && DAY.test(from)) filter.createdFrom = from;
  const to = params.get('createdTo');
  if (to && DAY.test(to)) filter.createdTo = to;
  const inactive = Number(params.get('inactiveDays'));
  if (Number.isInteger(inactive) && inactive >= 1 && inactive <= PROFILES_BULK_LIMITS.inactiveDaysMax) {
    filter.inactiveDays = inactive;
  }
  const page = Number(params.get('page'));
  return { filter, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** The filter as query parameters (only those set), in a stable order. */
export function filterParams(filter: ProfilesFilter): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of [
    'role',
    'status',
    'country',
    'incompleteAddress',
    'createdFrom',
    'createdTo',
    'inactiveDays',
  ] as const) {
    const value = filter[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

export function paramsFromState(state: EditorState): URLSearchParams {
  const params = filterParams(state.filter);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}
