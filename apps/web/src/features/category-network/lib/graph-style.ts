import type { StylesheetJson } from 'cytoscape';

/** The theme's colours, read from its CSS variables when the graph is drawn (and again on a theme change). */
export type GraphColours = {
  fg: string;
  surface: string;
  muted: string;
  border: string;
  primary: string;
  primarySoft: string;
  focus: string;
  font: string;
};

export function readColours(element: Element = document.documentElement): GraphColours {
  const style = getComputedStyle(element);
  const css = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    fg: css('--fg', '#1c1530'),
    surface: css('--surface', '#ffffff'),
    muted: css('--muted', '#5b5470'),
    border: css('--border', '#e2dcef'),
    primary: css('--primary', '#6d28d9'),
    primarySoft: css('--primary-soft', '#ede5fb'),
    focus: css('--focus', '#7c3aed'),
    font: getComputedStyle(document.body).fontFamily || 'sans-serif',
  };
}

/**
 * Nodes: soft discs with a border, sized by books (data `size`), labelled under them. Parent
 * edges: solid with an arrow towards the child. Shared edges: dashed, as wide as their weight
 * (data `width`). The selected node has a thick focus-coloured ring and a halo.
 */
export function graphStyle(colours: GraphColours): StylesheetJson {
  return [
    {
      selector: 'node',
      style: {
        width: 'data(size)',
        height: 'data(size)',
        'background-color': colours.primarySoft,
        'border-width': 2,
        'border-color': colours.primary,
        label: 'data(label)',
        color: colours.fg,
        'font-family': colours.font,
        'font-size': 14,
        'text-valign': 'bottom',
        'text-halign': 'center',
        'text-margin-y': 4,
        'text-wrap': 'ellipsis',
        'text-max-width': '140px',
        'text-background-color': colours.surface,
        'text-background-opacity': 0.85,
        'text-background-padding': '2px',
        'text-background-shape': 'roundrectangle',
      },
    },
    {
      selector: 'edge',
      style: { 'curve-style': 'bezier', opacity: 0.9 },
    },
    {
      selector: 'edge[kind = "parent"]',
      style: {
        width: 2,
        'line-color': colours.muted,
        'line-style': 'solid',
        'target-arrow-shape': 'triangle',
        'target-arrow-color': colours.muted,
        'arrow-scale': 1.2,
      },
    },
    {
      selector: 'edge[kind = "shared"]',
      style: {
        width: 'data(width)',
        'line-color': colours.primary,
        'line-style': 'dashed',
        'line-dash-pattern': [8, 5],
        opacity: 0.55,
      },
    },
    {
      selector: 'node.is-selected',
      style: {
        'border-width': 5,
        'border-color': colours.focus,
        'background-color': colours.primary,
        'underlay-color': colours.focus,
        'underlay-padding': 8,
        'underlay-opacity': 0.3,
        'underlay-shape': 'ellipse',
        'font-weight': 'bold',
        'z-index': 10,
      },
    },
    {
      selector: 'edge.is-near',
      style: { opacity: 1 },
    },
  ];
}
