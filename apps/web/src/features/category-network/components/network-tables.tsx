import type { CategoryNetwork, NetworkNode } from '@maktaba/shared/schemas/category-network';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type SortableColumn, SortableTable } from '../../../components/sortable-table/sortable-table';
import { formatNumber } from '../../../lib/format';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { degrees, edgesWithNodes, nodeName, type TableEdge } from '../lib/network-model';

type NetworkTablesProps = {
  network: CategoryNetwork;
  selectedId: string | null;
  onSelect: (id: string) => void;
};

type NodeColumn = 'name' | 'books' | 'connections';
type EdgeColumn = 'from' | 'to' | 'kind' | 'shared';

/** The same network as two tables, for reading it without the drawing: categories and connections. */
export function NetworkTables({ network, selectedId, onSelect }: NetworkTablesProps) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const number = (value: number) => formatNumber(value, language);
  const degree = useMemo(() => degrees(network), [network]);
  const edges = useMemo(() => edgesWithNodes(network), [network]);
  const kindLabel = (edge: TableEdge) =>
    edge.kind === 'parent' ? t('categoryNetwork.table.kindParent') : t('categoryNetwork.table.kindShared');
  const name = (node: NetworkNode) => <bdi dir="auto">{nodeName(node, language)}</bdi>;

  const nodeColumns: SortableColumn<NetworkNode, NodeColumn>[] = [
    {
      key: 'name',
      label: t('categoryNetwork.table.name'),
      isRowHeader: true,
      sortValue: (node) => nodeName(node, language),
      cell: (node) => (
        <button
          type="button"
          aria-pressed={node.id === selectedId}
          onClick={() => onSelect(node.id)}
          className="min-h-11 text-start text-primary underline-offset-2 hover:underline"
        >
          {name(node)}
        </button>
      ),
    },
    {
      key: 'books',
      label: t('categoryNetwork.table.books'),
      isNumeric: true,
      sortValue: (node) => node.books,
      cell: (node) => number(node.books),
    },
    {
      key: 'connections',
      label: t('categoryNetwork.table.connections'),
      isNumeric: true,
      sortValue: (node) => degree.get(node.id) ?? 0,
      cell: (node) => number(degree.get(node.id) ?? 0),
    },
  ];
  const edgeColumns: SortableColumn<TableEdge, EdgeColumn>[] = [
    {
      key: 'from',
      label: t('categoryNetwork.table.from'),
      sortValue: (edge) => nodeName(edge.source, language),
      cell: (edge) => name(edge.source),
    },
    {
      key: 'to',
      label: t('categoryNetwork.table.to'),
      sortValue: (edge) => nodeName(edge.target, language),
      cell: (edge) => name(edge.target),
    },
    { key: 'kind', label: t('categoryNetwork.table.kind'), sortValue: kindLabel, cell: kindLabel },
    {
      key: 'shared',
      label: t('categoryNetwork.table.shared'),
      isNumeric: true,
      sortValue: (edge) => edge.weight,
      cell: (edge) => (edge.kind === 'shared' ? number(edge.weight) : t('categoryNetwork.table.notApplicable')),
    },
  ];

  return (
    <div className="flex min-w-0 flex-col gap-6" data-testid="network-tables">
      <section className="flex min-w-0 flex-col gap-2">
        <h2 className="font-display text-xl font-bold">{t('categoryNetwork.table.nodesTitle')}</h2>
        <SortableTable
          caption={t('categoryNetwork.table.nodesCaption')}
          testId="network-nodes-table"
          rows={network.nodes}
          columns={nodeColumns}
          initialSort={{ key: 'books', direction: 'descending' }}
          language={language}
          rowKey={(node) => node.id}
          rowTestId="network-node-row"
          isHighlighted={(node) => node.id === selectedId}
        />
      </section>

      <section className="flex min-w-0 flex-col gap-2">
        <h2 className="font-display text-xl font-bold">{t('categoryNetwork.table.edgesTitle')}</h2>
        {edges.length === 0 ? (
          <p className="text-muted">{t('categoryNetwork.table.noEdges')}</p>
        ) : (
          <SortableTable
            caption={t('categoryNetwork.table.edgesCaption')}
            testId="network-edges-table"
            rows={edges}
            columns={edgeColumns}
            initialSort={{ key: 'shared', direction: 'descending' }}
            language={language}
            rowKey={(edge) => `${edge.kind}:${edge.source.id}:${edge.target.id}`}
          />
        )}
      </section>
    </div>
  );
}
