/** A private event's code, shown once after it is set: the server keeps only its hash. */
import { useEffect, useRef } from 'react';

export function AccessCodeOnce({ code, eventName }: { code: string; eventName: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [code]);
  return (
    <div className="access-code-once" role="status" tabIndex={-1} ref={ref}>
      <h2>Access code for {eventName}</h2>
      <p>
        <code data-testid="access-code">{code}</code>
      </p>
      <p>Write it down or pass it to the organiser now: it will not be shown again. If it is lost, make a new one.</p>
    </div>
  );
}
