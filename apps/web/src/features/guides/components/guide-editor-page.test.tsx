import { catalogues } from '@maktaba/shared/i18n/index';
import type { Guide } from '@maktaba/shared/schemas/guides';
import { fireEvent, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { initialAuthState, transition } from '../../../lib/auth/auth-machine';
import { makeAuth } from '../../../lib/auth/test-fixtures';
import { useAuthStore } from '../../../lib/auth/use-auth';
import { renderInApp, resetAppBetweenTests } from '../../../lib/test-app';
import { holdFetch } from '../../../lib/test-held-fetch';
import { useBookSearch } from '../api/guides';
import { GuideEditorPage } from './guide-editor-page';

const en = catalogues.en.guides;
const GUIDE_ID = '3f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';

const guide: Guide = {
  id: GUIDE_ID,
  title_en: 'Belief',
  title_ar: null,
  description_en: null,
  description_ar: null,
  level: 'introductory',
  status: 'draft',
  published_at: null,
  updated_at: '2026-11-20T10:00:00.000Z',
  step_count: 0,
  progress: { done: 0, total: 0, following: false, completed_at: null, touched_at: null },
  resume_step_id: null,
  steps: [],
  author: { id: 'author-1', display_name: 'Maryam' },
  created_at: '2026-11-20T10:00:00.000Z',
};

/** A step's book search, as the form's picker keeps one: another guides query read again after a change. */
function BookSearch() {
  useBookSearch('ibn');
  return null;
}

/**
 * Preact ends an unmounted component's effects (its subscription to a mutation among them) after the
 * next paint, as React does; the answer that comes later finds it gone.
 */
const afterPaint = () => new Promise((resolve) => setTimeout(resolve, 50));

resetAppBetweenTests();

describe('deleting a guide', () => {
  it('says so and goes to the list, though the deleted guide read again replaced the form first', async () => {
    const state = transition(initialAuthState, { type: 'INITIALIZED', auth: makeAuth(), profileComplete: true });
    useAuthStore.setState({ ...state, role: 'admin' });
    const success = vi.spyOn(toast, 'success');
    let deleted = false;
    let searches = 0;
    const server = holdFetch({
      [`GET /api/library/guides/${GUIDE_ID}`]: () =>
        deleted
          ? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found' } } }
          : { status: 200, body: guide },
      // The search read again after the delete waits: the guide's "not found" comes first.
      'GET /api/search/suggest?q=ibn&limit=8': () =>
        searches++ === 0 ? { status: 200, body: { suggestions: [] } } : null,
      [`DELETE /api/library/guides/${GUIDE_ID}`]: () => {
        deleted = true;
        return { status: 204 };
      },
    });
    renderInApp(
      <>
        <BookSearch />
        <Routes>
          <Route path="/library/guides/:guideId/edit" element={<GuideEditorPage />} />
          <Route path="/library/guides" element={<p>The guides</p>} />
        </Routes>
      </>,
      { path: `/library/guides/${GUIDE_ID}/edit` },
    );
    fireEvent.click(await screen.findByRole('button', { name: en.editor.delete }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: en.editor.delete }));
    expect(await screen.findByText(en.guide.notFound.title)).toBeTruthy();
    expect(screen.queryByTestId('guide-form')).toBeNull();
    await afterPaint();
    await server.release('GET /api/search/suggest?q=ibn&limit=8', { status: 200, body: { suggestions: [] } });
    expect(await screen.findByText('The guides')).toBeTruthy();
    expect(success).toHaveBeenCalledWith(en.editor.done.delete);
  });
});
