/** A postal address as lines: name (or its own heading), company, street lines, city, state and ZIP. */
export function AddressLines({
  address,
  extra = [],
}: {
  address: {
    name?: string | null;
    companyName?: string | null;
    addressLine1: string;
    addressLine2?: string | null;
    city: string;
    state: string;
    zip: string;
  };
  /** More lines after the address (an e-mail...). */
  extra?: (string | null | undefined)[];
}) {
  const lines = [
    address.name,
    address.companyName,
    address.addressLine1,
    address.addressLine2,
    `${address.city}, ${address.state} ${address.zip}`,
    ...extra,
  ].filter((l): l is string => Boolean(l));
  return (
    <>
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 && <br />}
          {line}
        </span>
      ))}
    </>
  );
}
