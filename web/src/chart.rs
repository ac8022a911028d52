//! Charts drawn as SVG by plotters' SVG backend, to be placed inline in a page. The
//! backend writes only presentation attributes (no `style`), so the content security
//! policy's ban on inline style does not touch them, and with no font feature enabled
//! plotters lays text out with its built-in metrics: no system fonts are needed.

use plotters::prelude::*;

use crate::error::PageError;

/// Width and height of a chart in SVG user units; the stylesheet shows it at this
/// width at most and scales it down to fit a phone.
const SIZE: (u32, u32) = (480, 240);
/// The size of every text of a chart, in SVG user units: a 412 px phone shows the chart
/// about 396 px wide, so the labels are 16 px there (and at least 11 px on a 320 px
/// screen), never the 7 px a wider drawing scaled down gave.
pub const TEXT_SIZE: u32 = 20;
/// The line's colour: the stylesheet's link blue.
const INK: RGBColor = RGBColor(0x1f, 0x4e, 0x79);

/// A crewman's XP at the close of each week, `(week, xp)` in week order, as a line
/// chart with a dot per week.
pub fn xp_by_week(points: &[(i32, i64)]) -> Result<String, PageError> {
    let first = points.first().map_or(1, |p| p.0);
    let last = points.last().map_or(1, |p| p.0).max(first + 1);
    let top = points.iter().map(|p| p.1).max().unwrap_or(0).max(1);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(PageError::internal)?;
        let mut chart = ChartBuilder::on(&root)
            .margin(12)
            .x_label_area_size(48)
            .y_label_area_size(64)
            .build_cartesian_2d(first..last, 0i64..(top + top / 10 + 1))
            .map_err(PageError::internal)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(usize::try_from(last - first + 1).unwrap_or(2))
            .x_desc("week")
            .y_desc("XP")
            .label_style(("sans-serif", TEXT_SIZE))
            .axis_desc_style(("sans-serif", TEXT_SIZE))
            .draw()
            .map_err(PageError::internal)?;
        chart
            .draw_series(LineSeries::new(points.iter().copied(), INK.stroke_width(3)))
            .map_err(PageError::internal)?;
        chart
            .draw_series(points.iter().map(|&p| Circle::new(p, 4, INK.filled())))
            .map_err(PageError::internal)?;
        root.present().map_err(PageError::internal)?;
    }
    Ok(svg)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chart_is_svg_without_inline_style() {
        let svg = xp_by_week(&[(1, 0), (2, 15), (3, 40)]).unwrap();
        assert!(svg.starts_with("<svg"), "{svg}");
        assert!(
            !svg.contains(" style="),
            "the CSP forbids inline style: {svg}"
        );
        // One dot per week.
        assert_eq!(svg.matches("<circle").count(), 3, "{svg}");
        // The axis titles are SVG text, laid out without fonts.
        assert!(svg.contains("<text") && svg.contains("week"), "{svg}");
    }
}
