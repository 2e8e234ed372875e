/**
 * A spinner with words ("Loading events…"). It is its own polite live
 * region unless placed inside one (announce={false}).
 */
export function Spinner({ label, announce = true }: { label: string; announce?: boolean }) {
  return (
    <div className="loading" role={announce ? 'status' : undefined}>
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
