import { fireEvent } from '@testing-library/react';

/**
 * A value typed or chosen, as the browser reports it: an `input` event, then a `change` event.
 * The components run on Preact (ADR 0025), which listens to `input` for a text field's `onChange`
 * and to `change` for a select's, as the browser fires both.
 */
export function changeValue(element: Element, value: string): void {
  fireEvent.input(element, { target: { value } });
  fireEvent.change(element);
}
