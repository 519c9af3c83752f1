import type { Guide, GuideStepInput } from '@maktaba/shared/schemas/guides';
import type { BookOption } from '../api/guides';

/** A step as the editor holds it: a local key, its id once saved, the book and the texts as typed. */
export type StepDraft = {
  key: string;
  id?: string;
  book: BookOption;
  chapter: string;
  note_en: string;
  note_ar: string;
};

let counter = 0;
export const newKey = () => `new-${++counter}`;

export function draftsOf(guide: Guide): StepDraft[] {
  return guide.steps.map((step) => ({
    key: step.id,
    id: step.id,
    book: { id: step.book.id, title: step.book.title, title_ar: step.book.title_ar },
    chapter: step.chapter ?? '',
    note_en: step.note_en ?? '',
    note_ar: step.note_ar ?? '',
  }));
}

export function stepInputs(steps: StepDraft[]): GuideStepInput[] {
  return steps.map((step) => ({
    ...(step.id ? { id: step.id } : {}),
    book_id: step.book.id,
    chapter: step.chapter,
    note_en: step.note_en,
    note_ar: step.note_ar,
  }));
}

/** The list with the step at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moveStep<T>(steps: T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= steps.length) return steps;
  const next = [...steps];
  const [moved] = next.splice(index, 1);
  if (moved !== undefined) next.splice(target, 0, moved);
  return next;
}
