/** An order's courier and tracking number, as the admin gave them when it shipped; nothing if none. */
export function Shipment({ courier, trackingNumber }: { courier: string | null; trackingNumber: string | null }) {
  if (!courier && !trackingNumber) return null;
  return (
    <p className="shipment">
      {courier ? <>Courier: {courier}</> : null}
      {courier && trackingNumber ? " · " : null}
      {trackingNumber ? (
        <>
          Tracking number: <span className="tracking-number">{trackingNumber}</span>
        </>
      ) : null}
    </p>
  );
}
