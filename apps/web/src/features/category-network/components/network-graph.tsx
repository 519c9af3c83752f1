import type { CategoryNetwork } from '@maktaba/shared/schemas/category-network';
import type { Core, ElementDefinition } from 'cytoscape';
import { Maximize, ZoomIn, ZoomOut } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { usePageLanguage } from '../../../lib/hooks/use-page-language';
import { useThemeStore } from '../../../lib/theme';
import { graphStyle, readColours } from '../lib/graph-style';
import { type Direction, edgeWidth, nearestInDirection, nodeName, nodeSize } from '../lib/network-model';

type NetworkGraphProps = {
  network: CategoryNetwork;
  selectedId: string | null;
  onSelect: (id: string) => void;
  /** Enter on the selected node, or a tap on a node: show its panel. */
  onOpen: (id: string) => void;
};

const ZOOM_STEP = 1.25;
/** Below this zoom the 14 px labels are smaller than 9 px on screen. */
const READABLE_ZOOM = 0.65;
const ARROWS: Record<string, Direction> = { ArrowLeft: 'left', ArrowRight: 'right', ArrowUp: 'up', ArrowDown: 'down' };

function elementsOf(network: CategoryNetwork, language: 'en' | 'ar'): ElementDefinition[] {
  const maxBooks = Math.max(0, ...network.nodes.map((node) => node.books));
  const maxWeight = Math.max(1, ...network.edges.map((edge) => edge.weight));
  const count = network.nodes.length || 1;
  const radius = 40 * Math.sqrt(count);
  const known = new Set(network.nodes.map((node) => node.id));
  return [
    // Start on a circle, so the force layout is the same on every visit.
    ...network.nodes.map((node, index) => ({
      group: 'nodes' as const,
      data: { id: node.id, label: nodeName(node, language), size: nodeSize(node.books, maxBooks) },
      position: {
        x: radius * Math.cos((2 * Math.PI * index) / count),
        y: radius * Math.sin((2 * Math.PI * index) / count),
      },
    })),
    ...network.edges
      .filter((edge) => known.has(edge.source) && known.has(edge.target))
      .map((edge) => ({
        group: 'edges' as const,
        data: {
          id: `${edge.kind}:${edge.source}:${edge.target}`,
          source: edge.source,
          target: edge.target,
          kind: edge.kind,
          width: edgeWidth(edge.weight, maxWeight),
        },
      })),
  ];
}

/** The whole network in view, but never so small that the names cannot be read (pan to see the rest). */
function fitReadable(cy: Core) {
  cy.fit(undefined, 20);
  if (cy.zoom() < READABLE_ZOOM) {
    cy.zoom({ level: READABLE_ZOOM, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
  }
}

/**
 * The network drawn with cytoscape (loaded with this page only): zoom and pan with the mouse,
 * touch or the buttons; from the keyboard, arrows move the selection to the nearest category in
 * that visual direction, Enter opens its panel, + and - zoom and 0 fits.
 */
export function NetworkGraph({ network, selectedId, onSelect, onOpen }: NetworkGraphProps) {
  const { t } = useTranslation();
  const language = usePageLanguage();
  const theme = useThemeStore((state) => state.theme);
  const style = useThemeStore((state) => state.style);
  const containerRef = useRef<HTMLDivElement>(null);
  const [cy, setCy] = useState<Core | null>(null);
  const [failed, setFailed] = useState(false);
  const instructionsId = useId();
  const handlers = useRef({ onSelect, onOpen });
  handlers.current = { onSelect, onOpen };

  // One cytoscape instance for the page's life.
  useEffect(() => {
    let instance: Core | null = null;
    let cancelled = false;
    import('cytoscape')
      .then(({ default: cytoscape }) => {
        if (cancelled || !containerRef.current) return;
        instance = cytoscape({
          container: containerRef.current,
          style: graphStyle(readColours()),
          minZoom: 0.15,
          maxZoom: 4,
          boxSelectionEnabled: false,
          autounselectify: true,
          autoungrabify: true,
        });
        instance.on('tap', 'node', (event) => {
          const id = event.target.id();
          handlers.current.onSelect(id);
          handlers.current.onOpen(id);
        });
        setCy(instance);
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
      instance?.destroy();
    };
  }, []);

  // The elements and their layout, each time the network or the language changes.
  useEffect(() => {
    if (!cy) return;
    cy.batch(() => {
      cy.elements().remove();
      cy.add(elementsOf(network, language));
    });
    cy.layout({
      name: 'cose',
      animate: false,
      randomize: false,
      nodeDimensionsIncludeLabels: true,
      idealEdgeLength: () => 60,
      nodeRepulsion: () => 4500,
      gravity: 1.5,
      componentSpacing: 30,
      padding: 20,
    }).run();
    fitReadable(cy);
  }, [cy, network, language]);

  // The theme's colours, again when the reader changes the theme or style.
  useEffect(() => {
    if (!cy) return;
    // The theme is applied to <html> before this runs; `theme` and `style` only trigger it.
    void theme;
    void style;
    cy.style(graphStyle(readColours()));
  }, [cy, theme, style]);

  // The selection's ring, and the view moved to it when it is out of sight (again after a new layout).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the elements are new when the network is
  useEffect(() => {
    if (!cy) return;
    cy.nodes('.is-selected').removeClass('is-selected');
    cy.edges('.is-near').removeClass('is-near');
    if (!selectedId) return;
    const node = cy.getElementById(selectedId);
    if (node.empty()) return;
    node.addClass('is-selected');
    node.connectedEdges().addClass('is-near');
    const { x, y } = node.renderedPosition();
    if (x < 0 || y < 0 || x > cy.width() || y > cy.height()) cy.center(node);
  }, [cy, selectedId, network]);

  const zoomBy = (factor: number) => {
    if (!cy) return;
    cy.zoom({ level: cy.zoom() * factor, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } });
  };
  const fit = () => cy && fitReadable(cy);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!cy || event.altKey || event.ctrlKey || event.metaKey) return;
    const direction = ARROWS[event.key];
    if (direction) {
      event.preventDefault();
      const nodes = cy.nodes();
      if (nodes.empty()) return;
      const current = selectedId ? cy.getElementById(selectedId) : null;
      if (!current || current.empty()) {
        // First arrow: the category with most books.
        const first = network.nodes.reduce((best, node) => (node.books > best.books ? node : best));
        onSelect(first.id);
        return;
      }
      const others = nodes
        .toArray()
        .filter((node) => node.id() !== current.id())
        .map((node) => ({ id: node.id(), at: node.renderedPosition() }));
      const next = nearestInDirection(current.renderedPosition(), others, direction);
      if (next) {
        onSelect(next);
        const target = cy.getElementById(next);
        const { x, y } = target.renderedPosition();
        if (x < 0 || y < 0 || x > cy.width() || y > cy.height()) cy.center(target);
      }
      return;
    }
    if (event.key === 'Enter' && selectedId) {
      event.preventDefault();
      onOpen(selectedId);
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      zoomBy(ZOOM_STEP);
    } else if (event.key === '-' || event.key === '_') {
      event.preventDefault();
      zoomBy(1 / ZOOM_STEP);
    } else if (event.key === '0') {
      event.preventDefault();
      fit();
    }
  };

  return (
    <div className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <fieldset className="flex gap-2">
          <legend className="sr-only">{t('categoryNetwork.zoom.label')}</legend>
          <Button variant="secondary" onClick={() => zoomBy(ZOOM_STEP)} aria-label={t('categoryNetwork.zoom.in')}>
            <ZoomIn aria-hidden className="size-4" />
          </Button>
          <Button variant="secondary" onClick={() => zoomBy(1 / ZOOM_STEP)} aria-label={t('categoryNetwork.zoom.out')}>
            <ZoomOut aria-hidden className="size-4" />
          </Button>
          <Button variant="secondary" onClick={fit} aria-label={t('categoryNetwork.zoom.fit')}>
            <Maximize aria-hidden className="size-4" />
          </Button>
        </fieldset>
        <Legend />
      </div>
      {failed ? (
        <p role="alert" className="text-danger">
          {t('categoryNetwork.graphFailed')}
        </p>
      ) : null}
      <div
        ref={containerRef}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the graph is driven from the keyboard (role application)
        tabIndex={0}
        role="application"
        aria-label={t('categoryNetwork.graph.label')}
        aria-describedby={instructionsId}
        aria-roledescription={t('categoryNetwork.graph.roleDescription')}
        onKeyDown={onKeyDown}
        data-testid="network-graph"
        className="peer h-[60vh] min-h-80 w-full touch-none overflow-hidden rounded-app border border-border bg-surface focus:outline-3 focus:outline-offset-2 focus:outline-focus lg:h-[36rem]"
      />
      <p
        id={instructionsId}
        className="hidden rounded-app bg-surface-2 p-3 text-sm text-muted peer-focus:block"
        data-testid="network-instructions"
      >
        {t('categoryNetwork.graph.instructions')}
      </p>
    </div>
  );
}

/** What the two kinds of line mean: told by their pattern and arrow, not by colour alone. */
function Legend() {
  const { t } = useTranslation();
  return (
    <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" aria-label={t('categoryNetwork.legend.label')}>
      <li className="flex items-center gap-2">
        <svg aria-hidden width="40" height="12" viewBox="0 0 40 12" className="text-muted rtl:-scale-x-100">
          <line x1="2" y1="6" x2="30" y2="6" stroke="currentColor" strokeWidth="2" />
          <path d="M30 1 L38 6 L30 11 Z" fill="currentColor" />
        </svg>
        {t('categoryNetwork.legend.parent')}
      </li>
      <li className="flex items-center gap-2">
        <svg aria-hidden width="40" height="12" viewBox="0 0 40 12" className="text-primary">
          <line x1="2" y1="6" x2="38" y2="6" stroke="currentColor" strokeWidth="4" strokeDasharray="8 5" />
        </svg>
        {t('categoryNetwork.legend.shared')}
      </li>
      <li className="flex items-center gap-2">
        <svg aria-hidden width="40" height="16" viewBox="0 0 40 16" className="text-primary">
          <circle cx="8" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <circle cx="28" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
        {t('categoryNetwork.legend.size')}
      </li>
    </ul>
  );
}
