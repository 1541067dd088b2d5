// One label as HTML, laid out in millimetres like the PDF (layout.ts), for the screen
// preview and for printing.
import type { CSSProperties } from "react";
import type { Label } from "./label";
import { labelLayout, LINE_HEIGHT, serialLines, type LabelBox } from "./layout";
import { LABEL_FONT_FAMILY, previewName } from "./measure";
import { QR_MARGIN, qrMatrix, qrPath } from "../../../convex/lib/qr/matrix";

const mm = (value: number) => `${value}mm`;

function QrSvg({ url, size }: { url: string; size: number }) {
  const matrix = qrMatrix(url);
  const extent = matrix.size + 2 * QR_MARGIN;
  return (
    <svg viewBox={`0 0 ${extent} ${extent}`} width={mm(size)} height={mm(size)} role="img" aria-label={`QR code for ${url}`} shapeRendering="crispEdges">
      <rect width={extent} height={extent} fill="#fff" />
      <path d={qrPath(matrix)} fill="#000" />
    </svg>
  );
}

export function LabelView({ label, box, style }: { label: Label; box: LabelBox; style?: CSSProperties }) {
  const layout = labelLayout(box);
  const { text } = layout;
  const serial = serialLines(label.serial, text.width, layout.serialSize);
  const name = previewName(label.name, box);
  return (
    <div data-testid="label" style={{ position: "absolute", width: mm(box.width), height: mm(box.height), overflow: "hidden", color: "#000", ...style }}>
      <div style={{ position: "absolute", left: mm(layout.qr.x), top: mm(layout.qr.y) }}>
        <QrSvg url={label.url} size={layout.qr.size} />
      </div>
      <div
        style={{
          position: "absolute",
          left: mm(text.x),
          top: mm(text.y),
          width: mm(text.width),
          height: mm(text.height),
          display: "flex",
          flexDirection: "column",
          justifyContent: "center",
          textAlign: text.align,
          lineHeight: LINE_HEIGHT,
          fontFamily: LABEL_FONT_FAMILY,
        }}
      >
        <span style={{ fontSize: `${layout.captionSize}pt`, whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" }}>{label.caption}</span>
        <span data-testid="label-name" title={name.truncated ? label.name : undefined} style={{ fontSize: `${name.size}pt`, whiteSpace: "nowrap" }}>
          {name.lines.map((line, i) => (
            // Each line in its own direction, from its first letter, as the PDF sets it.
            <span key={i} dir="auto" style={{ display: "block" }}>
              {line}
            </span>
          ))}
        </span>
        {label.lines?.map((line) => (
          <span key={line} data-testid="label-line" style={{ fontSize: `${layout.captionSize}pt`, whiteSpace: "nowrap", overflow: "hidden", textOverflow: "ellipsis" }}>{line}</span>
        ))}
        <span data-testid="label-serial" style={{ fontSize: `${serial.size}pt`, fontWeight: 700, whiteSpace: "nowrap" }}>
          {serial.lines.map((line, i) => <span key={i} style={{ display: "block" }}>{line}</span>)}
        </span>
      </div>
    </div>
  );
}
