import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CountryFlag } from './country-flag.tsx';
import { flagUrl } from './flag-urls.ts';
import { hydrateKeeping } from '@/test/hydrate.tsx';

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

  it('is in the HTML of a page rendered on the server, and hydrating keeps it as it is, with no map loaded', async () => {
    const server = await import('./country-flag.tsx');
    server.provideFlagUrls(flagUrl);
    const page = () => (
      <p>
        <server.CountryFlag code="it" label="Italy" /> Monza
      </p>
    );
    const host = document.createElement('div');
    host.innerHTML = renderToString(page());
    document.body.append(host);
    const drawn = host.querySelector('img');
    expect(drawn).toHaveAccessibleName('Italy');
    expect(drawn?.getAttribute('src')).toMatch(/IT(-[\w-]+)?\.svg/);

    // The browser's app, which loads the page's code (this module among it) before hydrating, and has not
    // loaded the map of flags.
    // A second instance of the module (Vite keys modules by their address, query included), importing the same
    // Preact as the rest of the test.
    const browser = (await import('./country-flag.tsx?browser')) as unknown as typeof server;
    const root = await hydrateKeeping(
      host,
      <p>
        <browser.CountryFlag code="it" label="Italy" /> Monza
      </p>,
    );
    // The same image, not a placeholder drawn over it until a map arrives.
    expect(host.querySelector('img')).toBe(drawn);
    expect(host.querySelector('span')).toBeNull();
    root.unmount();
    host.remove();
  });
});
