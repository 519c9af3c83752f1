import type { Language } from '@maktaba/shared/constants';
import type { CategoryNetwork, EdgeKind, NetworkNode } from '@maktaba/shared/schemas/category-network';
import { normalizeSearchText } from '@maktaba/shared/search-text';

/** The explorer's view of the network, worked out once per answer: names, degrees, neighbours. */

export const nodeName = (node: Pick<NetworkNode, 'nameEn' | 'nameAr'>, language: Language) =>
  (language === 'ar' ? node.nameAr || node.nameEn : node.nameEn || node.nameAr).trim();

/** Connections (edges of either kind) of every node. */
export function degrees(network: CategoryNetwork): Map<string, number> {
  const count = new Map<string, number>(network.nodes.map((node) => [node.id, 0]));
  for (const edge of network.edges) {
    count.set(edge.source, (count.get(edge.source) ?? 0) + 1);
    count.set(edge.target, (count.get(edge.target) ?? 0) + 1);
  }
  return count;
}

const MIN_SIZE = 28;
const MAX_SIZE = 110;

/**
 * A node's diameter in pixels: its area grows with its books (diameter ∝ √books), scaled so the
 * largest category is MAX_SIZE, and never under MIN_SIZE so an empty category stays readable.
 */
export function nodeSize(books: number, maxBooks: number): number {
  if (maxBooks <= 0) return MIN_SIZE;
  return Math.round(MIN_SIZE + (MAX_SIZE - MIN_SIZE) * Math.sqrt(Math.max(0, books) / maxBooks));
}

/** A shared edge's width in pixels, from 1.5 for one book to 10 for the heaviest pair. */
export function edgeWidth(weight: number, maxWeight: number): number {
  if (maxWeight <= 1) return 2;
  return Math.round((1.5 + (8.5 * (weight - 1)) / (maxWeight - 1)) * 10) / 10;
}

/** Categories whose name in either language matches `query` (Arabic-aware), best first: start of a name, then any part. */
export function findCategories(nodes: NetworkNode[], query: string, language: Language, limit = 8): NetworkNode[] {
  const needle = normalizeSearchText(query);
  if (!needle) return [];
  const scored: [number, NetworkNode][] = [];
  for (const node of nodes) {
    const names = [normalizeSearchText(node.nameEn), normalizeSearchText(node.nameAr)];
    let score = -1;
    if (names.some((name) => name === needle)) score = 0;
    else if (names.some((name) => name.startsWith(needle) || name.split(' ').some((w) => w.startsWith(needle))))
      score = 1;
    else if (names.some((name) => name.includes(needle))) score = 2;
    if (score >= 0) scored.push([score, node]);
  }
  const collator = new Intl.Collator(language);
  return scored
    .sort((a, b) => a[0] - b[0] || collator.compare(nodeName(a[1], language), nodeName(b[1], language)))
    .slice(0, limit)
    .map(([, node]) => node);
}

export type Direction = 'left' | 'right' | 'up' | 'down';
export type Point = { x: number; y: number };

/**
 * The nearest node in a visual direction from `from` (screen coordinates: y grows downwards):
 * candidates lie within 60° either side of the direction; nearer and straighter wins.
 */
export function nearestInDirection(from: Point, others: { id: string; at: Point }[], direction: Direction) {
  const [dx, dy] = { left: [-1, 0], right: [1, 0], up: [0, -1], down: [0, 1] }[direction] as [number, number];
  let best: { id: string; cost: number } | null = null;
  for (const other of others) {
    const vx = other.at.x - from.x;
    const vy = other.at.y - from.y;
    const along = vx * dx + vy * dy;
    if (along <= 0) continue;
    const across = Math.abs(vx * dy - vy * dx);
    if (across > along * Math.tan(Math.PI / 3)) continue;
    const cost = along + 2 * across;
    if (!best || cost < best.cost) best = { id: other.id, cost };
  }
  return best?.id ?? null;
}

export type TableEdge = { source: NetworkNode; target: NetworkNode; kind: EdgeKind; weight: number };

/** The edges with their nodes (edges to a node not in the answer are left out). */
export function edgesWithNodes(network: CategoryNetwork): TableEdge[] {
  const byId = new Map(network.nodes.map((node) => [node.id, node]));
  const rows: TableEdge[] = [];
  for (const edge of network.edges) {
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (source && target) rows.push({ source, target, kind: edge.kind, weight: edge.weight });
  }
  return rows;
}
