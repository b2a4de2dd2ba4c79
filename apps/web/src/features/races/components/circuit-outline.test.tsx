import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { raceDetailFixture } from '@/test/f1-fixtures.ts';
import { CircuitOutline } from './circuit-outline.tsx';

const monza = raceDetailFixture();
const monzaIn = (length_km: number | null) =>
  raceDetailFixture({ circuit_details: { ...monza.circuit_details, length_km } });

describe('the circuit outline', () => {
  it("draws the race's circuit, named for screen readers, with no caption when the race used that layout", () => {
    const { container } = render(<CircuitOutline race={monza} />);

    const outline = screen.getByRole('img', { name: 'Outline of Autodromo Nazionale Monza' });
    expect(outline).toHaveAttribute('src', '/circuits/monza.svg');
    expect(container.querySelector('figcaption')).toBeNull();
  });

  it('says so, with both lap lengths, when the race ran on another layout of the circuit', () => {
    render(<CircuitOutline race={monzaIn(6.3)} />);

    expect(screen.getByRole('img', { name: 'Outline of Autodromo Nazionale Monza' })).toBeInTheDocument();
    expect(
      screen.getByText('The outline shows the 5.793 km layout; this race used a 6.300 km one.'),
    ).toBeInTheDocument();
  });

  it('draws nothing for a circuit the collection has no outline of', () => {
    const reims = raceDetailFixture({
      circuit: { id: 'reims', name: 'Reims', location: 'Gueux', country: 'France', country_code: 'FR' },
    });
    const { container } = render(<CircuitOutline race={reims} />);

    expect(container).toBeEmptyDOMElement();
  });
});
