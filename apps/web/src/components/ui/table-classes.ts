/** The cells of the admin pages' data tables, so their tables read alike. */
export const tableClass = 'w-full border-collapse text-sm';
export const headRowClass = 'border-b border-border bg-surface-2';
export const rowClass = 'border-b border-border last:border-b-0';
export const thClass = 'px-3 py-2 text-start font-semibold whitespace-nowrap';
/** The heading of a column of numbers: at the end, over its figures. */
export const numThClass = 'px-3 py-2 text-end font-semibold whitespace-nowrap';
export const tdClass = 'px-3 py-2 align-top';
export const numClass = 'px-3 py-2 align-top text-end tabular-nums whitespace-nowrap';
