import type { SearchFacets } from '@maktaba/shared/schemas/search';
import { useRef } from 'react';
import { type FacetMemory, rememberFacets } from '../lib/facet-options';

/**
 * The names of the categories and authors met in this visit's answers. An answer counts only its
 * top values, so a chosen author may be missing from it; the memory still names the author.
 */
export function useFacetMemory(facets: SearchFacets | undefined): FacetMemory {
  const memory = useRef<FacetMemory>(new Map());
  const seen = useRef<SearchFacets | undefined>(undefined);
  if (facets && facets !== seen.current) {
    seen.current = facets;
    rememberFacets(memory.current, facets);
  }
  return memory.current;
}
