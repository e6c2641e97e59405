/** A plain SVG bar chart (no charting library in the console's chunk); each bar carries its value as text. */
export function BarChart({
  data,
  label,
  horizontal = false,
}: {
  data: readonly { label: string; value: number; title: string }[];
  label: string;
  horizontal?: boolean;
}) {
  const max = Math.max(1, ...data.map((d) => d.value));
  if (horizontal) {
    const row = 28;
    return (
      <svg
        role="img"
        aria-label={label}
        width="100%"
        height={data.length * row}
        viewBox={`0 0 400 ${data.length * row}`}
      >
        {data.map((d, i) => (
          <g key={d.label} transform={`translate(0 ${i * row})`}>
            <text x={0} y={18} fontSize={12} fill="#262626">
              {d.label}
            </text>
            <rect
              x={150}
              y={6}
              height={16}
              width={Math.max(2, (d.value / max) * 190)}
              fill="#1d4f91"
              rx={3}
            />
            <text x={150 + Math.max(2, (d.value / max) * 190) + 6} y={18} fontSize={12} fill="#262626">
              {d.title}
            </text>
          </g>
        ))}
      </svg>
    );
  }
  const width = 560;
  const height = 200;
  const slot = width / Math.max(1, data.length);
  return (
    <svg role="img" aria-label={label} width="100%" viewBox={`0 0 ${width} ${height + 24}`}>
      {data.map((d, i) => {
        const h = (d.value / max) * height;
        return (
          <g key={d.label}>
            <rect
              x={i * slot + slot * 0.15}
              y={height - h}
              width={slot * 0.7}
              height={Math.max(h, 1)}
              fill="#1d4f91"
              rx={3}
            >
              <title>{`${d.label}: ${d.title}`}</title>
            </rect>
            {(data.length <= 16 || i % Math.ceil(data.length / 16) === 0) && (
              <text x={i * slot + slot / 2} y={height + 16} fontSize={11} textAnchor="middle" fill="#595959">
                {d.label}
              </text>
            )}
          </g>
        );
      })}
    </svg>
  );
}
