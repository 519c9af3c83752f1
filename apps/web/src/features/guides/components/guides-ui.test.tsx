import { catalogues } from '@maktaba/shared/i18n/index';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, setLanguage } from '../../../lib/i18n';
import { moveStep, type StepDraft } from '../lib/step-drafts';
import { GuideProgress } from './guide-progress';
import { StepEditor } from './step-editor';

const en = catalogues.en.guides;
const ar = catalogues.ar.guides;

function show(children: ReactNode) {
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

beforeAll(async () => {
  if (!i18n.isInitialized) await initI18n();
});
afterEach(async () => {
  cleanup();
  await setLanguage('en');
});

describe('a guide’s progress', () => {
  it('says how many steps are done, with a progress bar that carries its values', () => {
    show(<GuideProgress progress={{ done: 2, total: 3, completed_at: null }} label="Your progress in Belief" />);
    const bar = screen.getByRole('progressbar', { name: 'Your progress in Belief' });
    expect(bar.getAttribute('aria-valuenow')).toBe('2');
    expect(bar.getAttribute('aria-valuemax')).toBe('3');
    expect(bar.getAttribute('aria-valuetext')).toBe('2 of 3 steps done');
    expect(screen.getByTestId('guide-progress-text').textContent).toBe(
      en.progress.status.replace('{{done}}', '2').replace('{{total}}', '3'),
    );
  });

  it('says so when every step is done, and speaks Arabic in Arabic', async () => {
    show(<GuideProgress progress={{ done: 3, total: 3, completed_at: '2026-11-27T10:00:00Z' }} label="x" />);
    expect(screen.getByTestId('guide-progress-text').textContent).toBe(en.progress.completed);
    cleanup();
    await setLanguage('ar');
    show(<GuideProgress progress={{ done: 1, total: 4, completed_at: null }} label="y" />);
    const text = screen.getByTestId('guide-progress-text').textContent ?? '';
    expect(text.startsWith(ar.progress.status.split('{{')[0] ?? '')).toBe(true);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
  });
});

const book = (id: string, title: string) => ({ id, title, title_ar: null });
const drafts: StepDraft[] = [
  { key: 'a', id: 'a', book: book('1', 'First book'), chapter: '', note_en: '', note_ar: '' },
  { key: 'b', id: 'b', book: book('2', 'Second book'), chapter: 'Ch. 2', note_en: '', note_ar: '' },
  { key: 'c', book: book('3', 'Third book'), chapter: '', note_en: 'Why', note_ar: '' },
];

function Editor() {
  const [steps, setSteps] = useState(drafts);
  return <StepEditor steps={steps} onChange={setSteps} />;
}

const titles = () => screen.getAllByTestId('step-draft-title').map((title) => title.textContent);

describe('the step editor', () => {
  it('moves a step with buttons, keeping its texts, and cannot move past either end', async () => {
    show(<Editor />);
    expect(titles()).toEqual(['First book', 'Second book', 'Third book']);
    expect(screen.getByRole('button', { name: 'Move step 1 up: First book' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move step 3 down: Third book' })).toHaveProperty('disabled', true);

    fireEvent.click(screen.getByRole('button', { name: 'Move step 3 up: Third book' }));
    expect(titles()).toEqual(['First book', 'Third book', 'Second book']);
    // The moved step keeps its focus (its own button, one place up).
    await waitFor(() => expect(document.activeElement?.id).toBe('step-c-up'));
    fireEvent.click(screen.getByRole('button', { name: 'Move step 2 up: Third book' }));
    expect(titles()).toEqual(['Third book', 'First book', 'Second book']);
    // At the top, the focus goes to its other button.
    await waitFor(() => expect(document.activeElement?.id).toBe('step-c-down'));
    expect(
      (screen.getByLabelText(en.editor.noteEn, { selector: '#step-c-note-en' }) as HTMLTextAreaElement).value,
    ).toBe('Why');

    fireEvent.click(screen.getByRole('button', { name: 'Remove step 2: First book' }));
    expect(titles()).toEqual(['Third book', 'Second book']);
  });

  it('moves within the list only', () => {
    expect(moveStep(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveStep(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(moveStep(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
});
