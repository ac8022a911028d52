//! A link as a QR code, drawn as inline SVG by the `qrcode` crate: a phone at the club
//! scans the referee's screen (an invitation, R26) rather than typing the link.

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

/// The SVG of a QR code of `link`, named for screen readers by `name` (`role="img"`
/// with an `aria-label`, since the drawing itself says nothing). Drawn one unit a
/// module with its quiet zone, so the stylesheet scales it to the screen
/// (`svg.qr`); none when the link is too long for a QR code.
pub fn svg_of(link: &str, name: &str) -> Option<String> {
    // Medium error correction: a screen photographed at an angle still reads.
    let code = QrCode::with_error_correction_level(link.as_bytes(), EcLevel::M).ok()?;
    let drawing = code
        .render::<svg::Color<'_>>()
        .module_dimensions(1, 1)
        .quiet_zone(true)
        .dark_color(svg::Color("#000"))
        .light_color(svg::Color("#fff"))
        .build();
    // The drawing starts with an XML declaration, which has no place inside a page.
    let start = drawing.find("<svg")?;
    let named = format!(
        r#"<svg class="qr" role="img" aria-label="{}" {}"#,
        escaped(name),
        &drawing[start + "<svg ".len()..]
    );
    Some(named)
}

/// Text safe inside an attribute in double quotes.
fn escaped(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_is_an_svg_with_its_name() {
        let svg = svg_of(
            "https://eagles.example/join/abc",
            "QR code for \"the\" link",
        )
        .unwrap();
        assert!(
            svg.starts_with(
                r#"<svg class="qr" role="img" aria-label="QR code for &quot;the&quot; link" xmlns="#
            ),
            "{svg}"
        );
        assert!(svg.contains("viewBox=") && svg.ends_with("</svg>"), "{svg}");
        assert!(!svg.contains("<?xml"));
    }
}
