export const circleKeys = {
  all: ['circles'] as const,
  list: (filter: object) => [...circleKeys.all, 'list', filter] as const,
  detail: (id: string) => [...circleKeys.all, 'detail', id] as const,
  posts: (id: string) => [...circleKeys.all, 'posts', id] as const,
  hosts: (q: string) => [...circleKeys.all, 'hosts', q] as const,
  records: (kind: string, q: string) => [...circleKeys.all, 'records', kind, q] as const,
};
