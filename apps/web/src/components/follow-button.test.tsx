import { act, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, type StubReply } from '@/test/http.ts';
import { setTokens, useIsSignedIn } from '@/lib/session.ts';
import { renderRoutes, testQueryClient } from '@/test/render.tsx';
import { lena, meFixture } from '@/test/review-fixtures.ts';
import { FollowButton } from './follow-button.tsx';

/** Replies by operation, `unfollowUser 3` for one with path parameters. */
function renderButton(replies: Record<string, StubReply>, { signedIn = true, userId = lena.id } = {}) {
  const queryClient = testQueryClient();
  if (signedIn) {
    localStorage.setItem('access', 'token');
    queryClient.setQueryData(['auth', 'me'], meFixture());
  }
  const requests = stubApi(
    (request) => replies[[request.operation, ...Object.values(request.params ?? {})].join(' ')] ?? { status: 404 },
  );
  renderRoutes([{ path: '/home', element: <FollowButton user={{ ...lena, id: userId }} /> }], {
    at: '/home',
    queryClient,
  });
  return requests;
}

/**
 * Signed in, draws what a payload saying 'none' shows; `refetch` makes it say 'following', as the same
 * payload fetched again would.
 */
function renderPayload(draw: (payload: 'none' | 'following') => ReactNode) {
  const queryClient = testQueryClient();
  localStorage.setItem('access', 'token');
  queryClient.setQueryData(['auth', 'me'], meFixture());
  const requests = stubApi(() => ({ status: 404 }));
  let refetch!: () => void;
  function Payload() {
    const [payload, setPayload] = useState<'none' | 'following'>('none');
    refetch = () => setPayload('following');
    return draw(payload);
  }
  renderRoutes([{ path: '/home', element: <Payload /> }], { at: '/home', queryClient });
  return { requests, refetch: () => refetch() };
}

const profile = (follow_status: string, is_private = false) => ({
  status: 200,
  data: { ...lena, follow_status, is_private, follows_you: false },
});

describe('follow button', () => {
  it('follows a public account, then reads Following, with Unfollow under the pointer', async () => {
    const requests = renderButton({
      getProfileByUsername: profile('none'),
      followUser: { status: 201, data: { status: 'following' } },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Follow @lena' }));

    const following = await screen.findByRole('button', { name: 'Following @lena' });
    expect(following).toHaveTextContent('Following');
    // The pointer's label is drawn by CSS (group-hover): both words are in the button, one shown at a time.
    expect(following).toHaveTextContent('Unfollow');
    expect(requests.find((r) => r.operation === 'followUser')?.body).toEqual({ user_id: lena.id });
    expect(requests[0]?.query).toEqual({ username: 'lena' });
  });

  it("shows 'Requested' after following a private account, and withdraws the request on a second click", async () => {
    const requests = renderButton({
      getProfileByUsername: profile('none', true),
      followUser: { status: 201, data: { status: 'requested' } },
      [`unfollowUser ${lena.id}`]: { status: 204 },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Follow @lena' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Requested @lena' }));

    expect(await screen.findByRole('button', { name: 'Follow @lena' })).toBeInTheDocument();
    expect(requests.some((r) => r.operation === 'unfollowUser')).toBe(true);
  });

  it('unfollows', async () => {
    renderButton({
      getProfileByUsername: profile('following'),
      [`unfollowUser ${lena.id}`]: { status: 204 },
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Following @lena' }));

    expect(await screen.findByRole('button', { name: 'Follow @lena' })).toBeInTheDocument();
  });

  it('is not offered to guests', () => {
    const guestRequests = renderButton({}, { signedIn: false });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(guestRequests).toHaveLength(0);
  });

  it("reads the signed-in reader's status when a guest's page turns into theirs", async () => {
    // The server renders a guest's page (every author 'none'); the reader's own payload then says
    // 'following'. Nothing the guest's render saw may stand in for it.
    const queryClient = testQueryClient();
    queryClient.setQueryData(['auth', 'me'], meFixture());
    const requests = stubApi(() => ({ status: 404 }));
    function Card() {
      const payloadStatus = useIsSignedIn() ? 'following' : 'none';
      return <FollowButton user={lena} knownStatus={payloadStatus} />;
    }
    renderRoutes([{ path: '/home', element: <Card /> }], { at: '/home', queryClient });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();

    act(() => setTokens({ access: 'token', refresh: 'refresh' }));

    expect(await screen.findByRole('button', { name: 'Following @lena' })).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('follows the payload fetched again, and not an older one that mounts later', async () => {
    // The list's payload says 'none', then, fetched again (a follow made in another tab), 'following'. A
    // dialog opened afterwards from an older copy still says 'none'.
    const { requests, refetch } = renderPayload((payload) => (
      <>
        <FollowButton user={lena} knownStatus={payload} />
        {payload === 'following' && <FollowButton user={lena} knownStatus="none" />}
      </>
    ));
    expect(await screen.findByRole('button', { name: 'Follow @lena' })).toBeInTheDocument();

    act(() => refetch());

    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Following @lena' })).toHaveLength(2));
    expect(requests).toHaveLength(0);
  });

  it('follows a payload that mounts after a card seeded from an older one has gone', async () => {
    // A card seeds the shared status from its payload and is gone before anything asks the server (or
    // React threw its render away); a newer payload's card then shows what it says, asking nothing.
    const { requests, refetch } = renderPayload((payload) => (
      <FollowButton key={payload} user={lena} knownStatus={payload} />
    ));
    expect(await screen.findByRole('button', { name: 'Follow @lena' })).toBeInTheDocument();

    act(() => refetch());

    expect(await screen.findByRole('button', { name: 'Following @lena' })).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('is not offered on the viewer themself, and asks nothing about them', () => {
    const requests = renderButton({ getProfileByUsername: profile('self') }, { userId: meFixture().id });
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });
});
