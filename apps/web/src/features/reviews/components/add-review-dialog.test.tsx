import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { raceFixture } from '@/test/f1-fixtures.ts';
import { stubApi, type StubbedRequest, type StubReply } from '@/test/http.ts';
import { renderRoutes } from '@/test/render.tsx';
import { reviewFixture } from '@/test/review-fixtures.ts';
import { AddReviewDialog } from './add-review-dialog.tsx';

/** What a request asked for: its operation, path parameters, query and body. */
const sent = ({ operation, params, query, body }: StubbedRequest) => ({ operation, params, query, body });

const monza = raceFixture();
const spa = raceFixture({
  id: 1116,
  name: 'Belgian Grand Prix',
  circuit_name: 'Spa-Francorchamps',
  country_code: 'BE',
});

function renderDialog({ race, rating }: { race?: typeof monza; rating?: number } = {}) {
  localStorage.setItem('access', 'token');
  const onOpenChange = vi.fn();
  const view = renderRoutes(
    [{ path: '/home', element: <AddReviewDialog open onOpenChange={onOpenChange} race={race} rating={rating} /> }],
    { at: '/home' },
  );
  return { ...view, onOpenChange };
}

function serve(extra?: (request: StubbedRequest) => StubReply | undefined) {
  return stubApi((request) => {
    const answer = extra?.(request);
    if (answer) return answer;
    if (request.operation === 'recommendedRaces') return { status: 200, data: [spa] };
    if (request.operation === 'listRaces') return { status: 200, data: { results: [monza], next_cursor: null } };
    if (request.operation === 'markWatched') return { status: 201, data: { race_id: request.body } };
    if (request.operation === 'createReview') return { status: 201, data: reviewFixture() };
    return { status: 404, data: { detail: 'Not found.' } };
  });
}

/** The dialog once its lazily loaded form is in. */
async function dialog() {
  const found = await screen.findByRole('dialog', { name: 'Add Race Review' });
  await within(found).findByRole('button', { name: 'Publish' });
  return found;
}

async function chooseRecommended() {
  await userEvent.click(await screen.findByRole('button', { name: /Belgian Grand Prix 2024/ }));
}

afterEach(() => {
  toast.dismiss();
});

describe('Add Race Review dialog', () => {
  it('keeps Publish disabled until both a race and a rating are chosen', async () => {
    serve();
    renderDialog();
    const publish = within(await dialog()).getByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();

    await chooseRecommended();
    expect(publish).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    expect(publish).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Change' }));
    expect(publish).toBeDisabled();
  });

  it('opens with the race and the rating a star on the race page chose, ready to publish', async () => {
    serve();
    renderDialog({ race: monza, rating: 4 });

    const found = await dialog();
    expect(within(found).getByRole('radio', { name: '4 stars' })).toHaveAttribute('aria-checked', 'true');
    expect(within(found).getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it("says 'Please select a race to review' once the race search is left without a race", async () => {
    serve();
    renderDialog();
    await dialog();

    await userEvent.click(screen.getByRole('searchbox'));
    await userEvent.click(screen.getByRole('radio', { name: '1 star' }));

    expect(await screen.findByText('Please select a race to review')).toBeInTheDocument();
  });

  it("says 'Please provide a rating' once the stars are left without a rating", async () => {
    serve();
    renderDialog({ race: monza });
    await dialog();

    screen.getByRole('radio', { name: '1 star' }).focus();
    await userEvent.tab();

    expect(await screen.findByText('Please provide a rating')).toBeInTheDocument();
  });

  it('suggests recommended races, and searches reviewable races from 2 characters', async () => {
    const requests = serve();
    renderDialog();
    await dialog();
    expect(await screen.findByText('Recommended races')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /Belgian Grand Prix 2024/ })).toBeInTheDocument();

    await userEvent.type(screen.getByRole('searchbox'), 'm');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(requests.filter((r) => r.operation === 'listRaces')).toHaveLength(0);

    await userEvent.type(screen.getByRole('searchbox'), 'onza');
    // While the search waits for the fan to stop typing, and for its answer, the list says so.
    expect(screen.getByRole('status')).toHaveTextContent('Searching…');
    expect(screen.queryByRole('button', { name: /Belgian Grand Prix 2024/ })).not.toBeInTheDocument();
    expect(await screen.findByText('Matching races')).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /Italian Grand Prix 2024/ }));

    const searches = requests.filter((r) => r.operation === 'listRaces');
    expect(searches).toHaveLength(1);
    expect(searches[0]?.query).toEqual({
      search: 'monza',
      reviewable_only: 'true',
      exclude_reviewed: 'true',
      page_size: '20',
    });
    expect(screen.getByText('Italian Grand Prix 2024')).toBeInTheDocument();
  });

  it('marks the race watched, then publishes the review and says so', async () => {
    const requests = serve();
    const { onOpenChange } = renderDialog();
    await dialog();
    await chooseRecommended();
    await userEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    await userEvent.type(screen.getByLabelText('Your review (optional)'), '  Eau Rouge in the rain.  ');

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Review created successfully!')).toBeInTheDocument();
    const writes = requests.filter((r) => r.method === 'POST');
    expect(writes.map(sent)).toEqual([
      { operation: 'markWatched', body: { race_id: spa.id } },
      {
        operation: 'createReview',
        body: { race_id: spa.id, rating: 5, review_text: 'Eau Rouge in the rain.' },
      },
    ]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('sends an empty text as null', async () => {
    const requests = serve();
    renderDialog({ race: monza });
    await dialog();
    await userEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));

    await screen.findByText('Review created successfully!');
    expect(requests.find((r) => r.operation === 'createReview')?.body).toEqual({
      race_id: monza.id,
      rating: 3,
      review_text: null,
    });
  });

  it('ignores a watched-race error that mentions the race', async () => {
    serve(({ operation }) =>
      operation === 'markWatched' ? { status: 400, data: { race_id: ['This race has not been run yet.'] } } : undefined,
    );
    renderDialog({ race: monza });
    await dialog();
    await userEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Review created successfully!')).toBeInTheDocument();
  });

  it.each([
    [{ detail: 'You have already reviewed this race.' }, 'You have already reviewed this race.'],
    [{ non_field_errors: ['One review per race.', 'Second'] }, 'One review per race.'],
    [{ rating: ['Ensure this value is less than or equal to 5.'] }, 'Failed to create review. Please try again.'],
  ])('explains a refused review (%o)', async (data, message) => {
    serve(({ operation }) => (operation === 'createReview' ? { status: 400, data } : undefined));
    const { onOpenChange } = renderDialog({ race: monza });
    await dialog();
    await userEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });

  it('shows a preselected race with a way to change it', async () => {
    serve();
    renderDialog({ race: monza });

    const form = await dialog();
    expect(within(form).getByText('Italian Grand Prix 2024')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Change' }));
    expect(within(form).getByRole('searchbox')).toBeInTheDocument();
  });
});
