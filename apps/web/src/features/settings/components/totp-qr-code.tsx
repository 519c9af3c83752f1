import { renderSVG } from 'uqr';

/** The authenticator app's setup as a QR code (loaded with this section only). */
export default function TotpQrCode({ uri, label }: { uri: string; label: string }) {
  const svg = renderSVG(uri, { border: 2, pixelSize: 6, whiteColor: '#ffffff', blackColor: '#000000' });
  return (
    <img
      src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
      alt={label}
      width={192}
      height={192}
      className="size-48 rounded-app border border-border bg-white"
    />
  );
}
