/**
 * A form's fields and buttons, held disabled until the site's code runs.
 * On a page the server drew (ADR 0012), what someone typed before then would
 * be unknown to the form, and a submit would send the fields in the address.
 * The fieldset takes no room of its own (display: contents), so the form
 * lays out as before.
 */
import type { ReactNode } from 'react';
import { awaitingCode, useControlsReady } from '../use-in-browser';

export function ReadyFieldset({ children }: { children: ReactNode }) {
  const ready = useControlsReady();
  return (
    <fieldset className="ready-fieldset" {...awaitingCode(ready)}>
      {children}
    </fieldset>
  );
}
