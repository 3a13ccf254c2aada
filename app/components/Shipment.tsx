import { useMessages } from "~/lib/i18n/messages";

/** An order's courier and tracking number, as the admin gave them when it shipped; nothing if none. */
export function Shipment({ courier, trackingNumber }: { courier: string | null; trackingNumber: string | null }) {
  const t = useMessages().thankYou;
  if (!courier && !trackingNumber) return null;
  return (
    <p className="shipment">
      {courier ? t.courier(courier) : null}
      {courier && trackingNumber ? " · " : null}
      {trackingNumber ? (
        <>
          {t.trackingNumber}
          <span className="tracking-number">{trackingNumber}</span>
        </>
      ) : null}
    </p>
  );
}
