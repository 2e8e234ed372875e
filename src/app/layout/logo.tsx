/** The charity's mark (a light-blue awareness ribbon) and name, inline so it costs no request. */
export function Logo() {
  return (
    <svg className="logo-mark" width="44" height="44" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <rect width="48" height="48" rx="10" fill="#0b3d6e" />
      <path
        fill="#8ec5f0"
        d="M24 7c-5.2 0-8.5 3.9-8.5 8.8 0 3.6 1.7 7.3 4.6 11.3L11 40.4l4.7 2.8 8.3-12.6 8.3 12.6 4.7-2.8-9.1-13.3c2.9-4 4.6-7.7 4.6-11.3C32.5 10.9 29.2 7 24 7zm0 5.2c2 0 3.3 1.5 3.3 3.7 0 2.2-1.1 4.6-3.3 7.6-2.2-3-3.3-5.4-3.3-7.6 0-2.2 1.3-3.7 3.3-3.7z"
      />
    </svg>
  );
}
