import { Box, Text } from '@mantine/core';

export interface BarDatum {
  label: string;
  value: number;
}

/**
 * A dependency-free SVG bar chart with a text alternative: the figures are also in a visually
 * hidden table for screen readers.
 */
export function BarChart({
  data,
  title,
  height = 180,
  formatLabel = (l) => l,
}: {
  data: BarDatum[];
  title: string;
  height?: number;
  formatLabel?: (label: string) => string;
}) {
  const max = Math.max(1, ...data.map((d) => d.value));
  const width = 720;
  const gap = 2;
  const barWidth = data.length ? (width - gap * (data.length - 1)) / data.length : 0;
  const ticks = [0, Math.round(max / 2), max];
  return (
    <Box>
      <svg viewBox={`0 -8 ${width + 40} ${height + 32}`} width="100%" role="img" aria-label={title} style={{ display: 'block' }}>
        {ticks.map((t) => {
          const y = height - (t / max) * height;
          return (
            <g key={t}>
              <line x1={40} x2={width + 40} y1={y} y2={y} stroke="var(--mantine-color-gray-3)" strokeDasharray="3 3" />
              <text x={34} y={y + 4} fontSize={11} textAnchor="end" fill="var(--mantine-color-gray-6)">
                {t}
              </text>
            </g>
          );
        })}
        {data.map((d, i) => {
          const h = (d.value / max) * height;
          return (
            <rect
              key={d.label}
              x={40 + i * (barWidth + gap)}
              y={height - h}
              width={barWidth}
              height={Math.max(h, d.value ? 2 : 0)}
              rx={2}
              fill="var(--mantine-color-brand-5)"
            >
              <title>{`${formatLabel(d.label)}: ${d.value}`}</title>
            </rect>
          );
        })}
        {data.length > 0 && (
          <>
            <text x={40} y={height + 18} fontSize={11} fill="var(--mantine-color-gray-6)">
              {formatLabel(data[0].label)}
            </text>
            <text x={width + 40} y={height + 18} fontSize={11} textAnchor="end" fill="var(--mantine-color-gray-6)">
              {formatLabel(data[data.length - 1].label)}
            </text>
          </>
        )}
      </svg>
      <table style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        <caption>{title}</caption>
        <tbody>
          {data.map((d) => (
            <tr key={d.label}>
              <th scope="row">{formatLabel(d.label)}</th>
              <td>{d.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.every((d) => d.value === 0) && (
        <Text c="dimmed" size="sm" ta="center">
          No registrations in this period yet.
        </Text>
      )}
    </Box>
  );
}
