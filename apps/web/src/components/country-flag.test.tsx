import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CountryFlag } from './country-flag.tsx';

describe('CountryFlag', () => {
  it('shows the flag of a country as an image of its own, named when given a label', async () => {
    render(<CountryFlag code="it" label="Italy" />);
    const flag = await screen.findByRole('img', { name: 'Italy' });
    expect(flag.getAttribute('src')).toMatch(/IT(-[\w-]+)?\.svg/);
    // A flag far below the screen (a long feed's) is fetched only as the reader scrolls near it.
    expect(flag).toHaveAttribute('loading', 'lazy');
  });

  it('is decorative without a label, knows subdivisions, and draws nothing for an unknown code', async () => {
    const { container } = render(
      <>
        <CountryFlag code="GB-ENG" />
        <CountryFlag code="XX" />
      </>,
    );
    await screen.findByRole('presentation', { hidden: true });
    const images = container.querySelectorAll('img');
    expect(images).toHaveLength(1);
    expect(images[0]!.getAttribute('alt')).toBe('');
    expect(images[0]!.getAttribute('src')).toMatch(/GB-ENG/);
  });
});
