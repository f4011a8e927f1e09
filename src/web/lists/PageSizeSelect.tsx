// The "rows per page" choice of a list (the desk, the audit log): one native select, labelled above,
// offering the sizes its contract allows (src/shared). It renders and reports; the list machine
// decides.
interface Props {
  id: string;
  label: string;
  value: number;
  sizes: readonly number[];
  onChange: (size: number) => void;
}

export function PageSizeSelect({ id, label, value, sizes, onChange }: Props) {
  return (
    <div className="form-group app-desk-select">
      <label htmlFor={id} className="active app-label-above">
        {label}
      </label>
      <select id={id} className="form-select" value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
