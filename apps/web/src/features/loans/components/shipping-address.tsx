import type { ShippingAddress as Address } from '@maktaba/shared/schemas/loans';

/** The lines of a postal address, as a label shows them: name, street, city and region, country. */
export function addressLines(address: Address, fallbackName: string | null): string[] {
  const cityLine = [address.city, [address.state_province, address.postal_code].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [
    address.name ?? fallbackName,
    address.address_line_1,
    address.address_line_2,
    cityLine,
    address.country,
  ].filter((line): line is string => typeof line === 'string' && line.trim() !== '');
}

/** A shipping address as a mailing label; each line keeps its own direction. */
export function ShippingAddress({ address, name }: { address: Address; name: string | null }) {
  return (
    <address
      className="flex flex-col rounded-app border border-border bg-surface-2 p-3 not-italic"
      data-testid="borrow-address"
    >
      {addressLines(address, name).map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one address, in a fixed order.
        <span key={index} dir="auto" className="break-words">
          {line}
        </span>
      ))}
    </address>
  );
}
