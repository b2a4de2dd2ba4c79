import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Stars, starFills } from '@/components/star-rating.tsx';
import { raceDetailFixture } from '@/test/f1-fixtures.ts';
import { stubApi, type StubbedRequest } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { reviewFixture } from '@/test/review-fixtures.ts';
import { RaceRatingControl } from './race-rating-control.tsx';

function renderControl(race = raceDetailFixture(), { signedIn = true } = {}) {
  if (signedIn) localStorage.setItem('access', 'token');
  const onRate = vi.fn();
  const requests: StubbedRequest[] = [];
  stubApi((request) => {
    requests.push(request);
    if (request.operation === 'getReview') return { status: 200, data: reviewFixture({ id: 77, rating: 4 }) };
    if (request.operation === 'markWatched') return { status: 201, data: { race_id: race.id } };
    if (request.operation === 'unmarkWatched') return { status: 204, data: null };
    return { status: 404, data: { detail: 'Not found.' } };
  });
  const view = renderRoutes([{ path: '/race/:id', element: <RaceRatingControl race={race} onRate={onRate} /> }], {
    at: `/race/${race.id}`,
  });
  return { ...view, onRate, requests };
}

describe('the race header rating control', () => {
  it('asks a fan who has not reviewed the race to rate it, and one tap on a star chooses that rating', async () => {
    const { onRate } = renderControl();

    const stars = screen.getByRole('radiogroup', { name: 'Rate this race' });
    await userEvent.click(within(stars).getByRole('radio', { name: '4 stars' }));

    expect(onRate).toHaveBeenCalledWith(4);
  });

  it("shows the fan's own rating, linking to their review", async () => {
    renderControl(raceDetailFixture({ user_review_id: 77 }));

    const link = await screen.findByRole('link', { name: /Your rating.*Rated 4 out of 5/ });
    expect(link).toHaveAttribute('href', '/review/77');
    expect(screen.queryByRole('radiogroup', { name: 'Rate this race' })).not.toBeInTheDocument();
  });

  it('marks the race watched', async () => {
    const { requests } = renderControl(raceDetailFixture({ is_watched: false }));

    const watched = screen.getByRole('button', { name: 'Watched' });
    expect(watched).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(watched);
    expect(requests.filter((r) => r.operation === 'markWatched').map((r) => r.body)).toEqual([{ race_id: 1117 }]);
  });

  it('takes back the watched mark of a watched race', async () => {
    const { requests } = renderControl(raceDetailFixture({ is_watched: true }));

    const watched = screen.getByRole('button', { name: 'Watched' });
    expect(watched).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(watched);
    expect(requests.filter((r) => r.operation === 'unmarkWatched').map((r) => r.params)).toEqual([{ id: '1117' }]);
  });

  it('asks a guest to sign in, and offers nothing before the race is run', () => {
    const guest = renderControl(raceDetailFixture(), { signedIn: false });
    expect(screen.getByText('Sign in to rate and review this race.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    guest.unmount();

    renderControl(raceDetailFixture({ is_completed: false }));
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Watched' })).not.toBeInTheDocument();
  });
});

describe('stars drawn to the half star', () => {
  it('fills four and a half stars for 4.5, and rounds to the nearest half', () => {
    expect(starFills(4.5)).toEqual([1, 1, 1, 1, 0.5]);
    expect(starFills(4.4)).toEqual([1, 1, 1, 1, 0.5]);
    expect(starFills(4.2)).toEqual([1, 1, 1, 1, 0]);
    expect(starFills(3.8)).toEqual([1, 1, 1, 1, 0]);
    expect(starFills(5)).toEqual([1, 1, 1, 1, 1]);
    expect(starFills(1)).toEqual([1, 0, 0, 0, 0]);
  });

  it('draws the half star as half a filled star over an empty one', () => {
    const { container } = render(<Stars value={4.5} />);
    expect(container.querySelectorAll('[data-half-star]')).toHaveLength(1);
    expect(container.querySelectorAll('svg.fill-amber-400')).toHaveLength(5);
  });
});
