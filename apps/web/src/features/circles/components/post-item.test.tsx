import { catalogues } from '@maktaba/shared/i18n/index';
import { fireEvent, screen, within } from '@testing-library/react';
import { toast } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp, resetAppBetweenTests } from '../../../lib/test-app';
import { holdFetch } from '../../../lib/test-held-fetch';
import { makePost } from '../lib/test-post';
import { PostItem } from './post-item';

const en = catalogues.en.circles;
const CIRCLE_ID = '0b6f1c1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';

const post = makePost({ mine: true, can_edit: true, can_delete: true, can_report: false });

resetAppBetweenTests();

describe('deleting a post', () => {
  it('says the post was deleted though the post has left the discussion by the time the answer comes', async () => {
    const success = vi.spyOn(toast, 'success');
    const server = holdFetch();
    const { unmount } = renderInApp(<PostItem circleId={CIRCLE_ID} post={post} timeZone="UTC" />);
    fireEvent.click(screen.getByRole('button', { name: en.posts.delete }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: en.posts.delete }));
    const request = `DELETE /api/circles/${CIRCLE_ID}/posts/${post.id}`;
    await server.held(request);
    unmount();
    await server.release(request, { status: 204 });
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith(en.posts.deleted));
  });
});
