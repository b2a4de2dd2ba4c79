import type { ReactNode } from 'react';

/*
 * A chart of a profile's or a season's figures, named by its title. The drawing is hidden from assistive
 * technology, which reads the same figures from a visually hidden table instead. Charts colour themselves with
 * the theme's variables, so they follow light and dark.
 */

/** The ticks of a chart's axes. */
export const axisTick = { fill: 'var(--muted-foreground)', fontSize: 12 };

/** A row of a chart's table: its label, then a figure per column after the first. */
export type ChartRow = [label: string, ...figures: (number | string)[]];

export function ChartFigure({
  id,
  title,
  description,
  columns,
  rows,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  columns: string[];
  rows: ChartRow[];
  children: ReactNode;
}) {
  return (
    <figure
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className="grid min-w-0 content-start gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-xs"
    >
      <figcaption className="grid gap-0.5">
        <h3 id={`${id}-title`} className="font-semibold">
          {title}
        </h3>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </figcaption>
      <div aria-hidden="true" className="min-w-0">
        {children}
      </div>
      {/* Hidden in a box of its own: a table is as wide as its columns, whatever width it is given. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map(([label, ...figures]) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {figures.map((figure, index) => (
                  <td key={index}>{figure}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
