/** The score chart's and the winning-chance chart's padding: the two read alike side by side. */
export const CHART_PAD = { left: 36, right: 10, top: 10, bottom: 36 } as const;

export interface ChartAxesProps {
  /** The chart's viewBox size. */
  readonly width: number;
  readonly height: number;
  /** Values with a grid line and a label on the y axis, and where each lies. */
  readonly yTicks: readonly number[];
  readonly y: (v: number) => number;
  /** Steps labelled on the x axis, and where each lies. */
  readonly xTicks: readonly number[];
  readonly x: (k: number) => number;
  readonly xLabel: string;
  readonly yLabel: string;
}

/** A replay chart's grid, tick labels and axis titles (the lines are the chart's own). */
export function ChartAxes({ width, height, yTicks, y, xTicks, x, xLabel, yLabel }: ChartAxesProps) {
  const pad = CHART_PAD;
  const innerHeight = height - pad.top - pad.bottom;
  return (
    <>
      <g className="grid">
        {yTicks.map((v) => (
          <g key={v}>
            <line x1={pad.left} x2={width - pad.right} y1={y(v)} y2={y(v)} stroke="#d8cfbb" strokeWidth={1} />
            <text x={pad.left - 6} y={y(v)} textAnchor="end" dominantBaseline="middle" fontSize={10} fill="#6b6455">
              {v}
            </text>
          </g>
        ))}
        {xTicks.map((k) => (
          <text key={k} x={x(k)} y={height - pad.bottom + 14} textAnchor="middle" fontSize={10} fill="#6b6455">
            {k}
          </text>
        ))}
      </g>
      <text x={pad.left + (width - pad.left - pad.right) / 2} y={height - 4} textAnchor="middle" fontSize={11} fill="#23201a">
        {xLabel}
      </text>
      <text transform={`translate(10 ${pad.top + innerHeight / 2}) rotate(-90)`} textAnchor="middle" fontSize={11} fill="#23201a">
        {yLabel}
      </text>
    </>
  );
}
