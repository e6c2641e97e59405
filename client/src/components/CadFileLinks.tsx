/** A product's CAD files as download links. */
export function CadFileLinks({ files }: { files: readonly { name: string; format: string; url: string }[] }) {
  return (
    <ul>
      {files.map((f) => (
        <li key={f.url}>
          <a href={f.url} download>
            {f.name} ({f.format})
          </a>
        </li>
      ))}
    </ul>
  );
}
