import type { CategoryNetwork, NetworkNode } from '@maktaba/shared/schemas/category-network';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TableFrame } from '../../../components/ui/table-frame';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { degrees, edgesWithNodes, nodeName, type Sort, sortRows, type TableEdge } from '../lib/network-model';

type NetworkTablesProps = {
  network: CategoryNetwork;
  selectedId: string | null;
  onSelect: (id: string) => void;
};

const thClass = 'px-3 py-2 text-start font-semibold';
const tdClass = 'px-3 py-2';
const numClass = 'px-3 py-2 text-end tabular-nums';

/** A column header that sorts its table: the first press sorts by it, the next turns the order round. */
function SortHeader<K extends string>({
  column,
  label,
  sort,
  onSort,
  numeric = false,
}: {
  column: K;
  label: string;
  sort: Sort<K>;
  onSort: (sort: Sort<K>) => void;
  numeric?: boolean;
}) {
  const active = sort.key === column;
  const Icon = sort.direction === 'ascending' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      className={numeric ? `${thClass} text-end` : thClass}
      aria-sort={active ? sort.direction : undefined}
    >
      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-1 font-semibold hover:underline"
        onClick={() =>
          onSort({
            key: column,
            direction:
              active && sort.direction === 'ascending'
                ? 'descending'
                : active
                  ? 'ascending'
                  : numeric
                    ? 'descending'
                    : 'ascending',
          })
        }
      >
        {label}
        {active ? <Icon aria-hidden className="size-4" /> : null}
      </button>
    </th>
  );
}

type NodeColumn = 'name' | 'books' | 'connections';
type EdgeColumn = 'from' | 'to' | 'kind' | 'shared';

/** The same network as two tables, for reading it without the drawing: categories and connections. */
export function NetworkTables({ network, selectedId, onSelect }: NetworkTablesProps) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const number = (value: number) => formatNumber(value, language);
  const degree = useMemo(() => degrees(network), [network]);
  const edges = useMemo(() => edgesWithNodes(network), [network]);
  const [nodeSort, setNodeSort] = useState<Sort<NodeColumn>>({ key: 'books', direction: 'descending' });
  const [edgeSort, setEdgeSort] = useState<Sort<EdgeColumn>>({ key: 'shared', direction: 'descending' });

  const nodes = sortRows<NetworkNode, NodeColumn>(
    network.nodes,
    nodeSort,
    (node, key) =>
      key === 'name' ? nodeName(node, language) : key === 'books' ? node.books : (degree.get(node.id) ?? 0),
    language,
  );
  const kindLabel = (edge: TableEdge) =>
    edge.kind === 'parent' ? t('categoryNetwork.table.kindParent') : t('categoryNetwork.table.kindShared');
  const edgeRows = sortRows<TableEdge, EdgeColumn>(
    edges,
    edgeSort,
    (edge, key) =>
      key === 'from'
        ? nodeName(edge.source, language)
        : key === 'to'
          ? nodeName(edge.target, language)
          : key === 'kind'
            ? kindLabel(edge)
            : edge.weight,
    language,
  );

  return (
    <div className="flex min-w-0 flex-col gap-6" data-testid="network-tables">
      <section className="flex min-w-0 flex-col gap-2">
        <h2 className="font-display text-xl font-bold">{t('categoryNetwork.table.nodesTitle')}</h2>
        <TableFrame>
          <table className="w-full text-sm" data-testid="network-nodes-table">
            <caption className="sr-only">{t('categoryNetwork.table.nodesCaption')}</caption>
            <thead className="bg-surface-2">
              <tr>
                <SortHeader
                  column="name"
                  label={t('categoryNetwork.table.name')}
                  sort={nodeSort}
                  onSort={setNodeSort}
                />
                <SortHeader
                  column="books"
                  label={t('categoryNetwork.table.books')}
                  sort={nodeSort}
                  onSort={setNodeSort}
                  numeric
                />
                <SortHeader
                  column="connections"
                  label={t('categoryNetwork.table.connections')}
                  sort={nodeSort}
                  onSort={setNodeSort}
                  numeric
                />
              </tr>
            </thead>
            <tbody>
              {nodes.map((node) => (
                <tr
                  key={node.id}
                  className={
                    node.id === selectedId ? 'border-t border-border bg-primary-soft' : 'border-t border-border'
                  }
                  data-testid="network-node-row"
                >
                  <th scope="row" className={`${tdClass} text-start font-medium`}>
                    <button
                      type="button"
                      aria-pressed={node.id === selectedId}
                      onClick={() => onSelect(node.id)}
                      className="min-h-11 text-start text-primary underline-offset-2 hover:underline"
                    >
                      <bdi dir="auto">{nodeName(node, language)}</bdi>
                    </button>
                  </th>
                  <td className={numClass}>{number(node.books)}</td>
                  <td className={numClass}>{number(degree.get(node.id) ?? 0)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      </section>

      <section className="flex min-w-0 flex-col gap-2">
        <h2 className="font-display text-xl font-bold">{t('categoryNetwork.table.edgesTitle')}</h2>
        {edgeRows.length === 0 ? (
          <p className="text-muted">{t('categoryNetwork.table.noEdges')}</p>
        ) : (
          <TableFrame>
            <table className="w-full text-sm" data-testid="network-edges-table">
              <caption className="sr-only">{t('categoryNetwork.table.edgesCaption')}</caption>
              <thead className="bg-surface-2">
                <tr>
                  <SortHeader
                    column="from"
                    label={t('categoryNetwork.table.from')}
                    sort={edgeSort}
                    onSort={setEdgeSort}
                  />
                  <SortHeader column="to" label={t('categoryNetwork.table.to')} sort={edgeSort} onSort={setEdgeSort} />
                  <SortHeader
                    column="kind"
                    label={t('categoryNetwork.table.kind')}
                    sort={edgeSort}
                    onSort={setEdgeSort}
                  />
                  <SortHeader
                    column="shared"
                    label={t('categoryNetwork.table.shared')}
                    sort={edgeSort}
                    onSort={setEdgeSort}
                    numeric
                  />
                </tr>
              </thead>
              <tbody>
                {edgeRows.map((edge) => (
                  <tr key={`${edge.kind}:${edge.source.id}:${edge.target.id}`} className="border-t border-border">
                    <td className={tdClass}>
                      <bdi dir="auto">{nodeName(edge.source, language)}</bdi>
                    </td>
                    <td className={tdClass}>
                      <bdi dir="auto">{nodeName(edge.target, language)}</bdi>
                    </td>
                    <td className={tdClass}>{kindLabel(edge)}</td>
                    <td className={numClass}>
                      {edge.kind === 'shared' ? number(edge.weight) : t('categoryNetwork.table.notApplicable')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        )}
      </section>
    </div>
  );
}
