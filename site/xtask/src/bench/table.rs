//! The bench's table: one [`Row`] per figure, grouped by section under a title line, columns
//! lined up, and the closing count of targets met.

use serde_json::{json, Value};

/// One line of the printed table (and of `table` in the JSON).
pub struct Row {
    /// The section it belongs to (`weight`, `lighthouse`, `latency`, `throughput`, `build`).
    pub section: &'static str,
    /// What was measured.
    pub measure: String,
    /// Our figure.
    pub ours: String,
    /// The old page's figure, if known.
    pub old: String,
    /// The target, if there is one.
    pub target: String,
    /// `Some(true)` met, `Some(false)` missed, `None` no target (or not measured).
    pub met: Option<bool>,
}

impl Row {
    /// A row without an old figure or a target.
    pub fn new(section: &'static str, measure: impl Into<String>, ours: impl Into<String>) -> Row {
        Row {
            section,
            measure: measure.into(),
            ours: ours.into(),
            old: String::new(),
            target: String::new(),
            met: None,
        }
    }

    /// With the old page's figure.
    pub fn old(mut self, old: impl Into<String>) -> Row {
        self.old = old.into();
        self
    }

    /// With a target and whether it was met.
    pub fn target(mut self, target: impl Into<String>, met: bool) -> Row {
        self.target = target.into();
        self.met = Some(met);
        self
    }

    fn met_text(&self) -> &'static str {
        match (self.met, self.target.is_empty()) {
            (Some(true), _) => "yes",
            (Some(false), _) => "NO",
            (None, false) => "n/a",
            (None, true) => "",
        }
    }

    /// The row in `bench.json`.
    pub fn to_json(&self) -> Value {
        json!({
            "section": self.section, "measure": self.measure, "ours": self.ours,
            "old_page": self.old, "target": self.target, "met": self.met,
        })
    }
}

/// The title line of each section.
fn title(section: &str) -> &'static str {
    match section {
        "weight" => "page weight as headless Chromium fetched it (home page scrolled to its calculator): reading = HTML, CSS, fonts, images; calculator = the /calc/ scripts and wasm; all = also other scripts (KB = 1,000 bytes; gzip -9, brotli 11)",
        "lighthouse" => "Lighthouse 13 (P performance, A accessibility, BP best practices)",
        "latency" => "calculator latency, headless Chromium",
        "throughput" => "native throughput (criterion)",
        _ => "build",
    }
}

/// The table, columns padded to their widest cell.
pub fn render(rows: &[Row]) -> String {
    let headers = ["measure", "ours", "old page", "target", "met"];
    let cells: Vec<[&str; 5]> = rows
        .iter()
        .map(|r| [&*r.measure, &*r.ours, &*r.old, &*r.target, r.met_text()])
        .collect();
    let mut widths = headers.map(|h| h.chars().count());
    for c in &cells {
        for (w, cell) in widths.iter_mut().zip(c) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: [&str; 5]| -> String {
        let padded: Vec<String> = cells
            .iter()
            .zip(widths)
            .map(|(cell, w)| format!("{cell}{}", " ".repeat(w - cell.chars().count())))
            .collect();
        padded.join(" | ").trim_end().to_owned()
    };
    let total: usize = widths.iter().sum::<usize>() + 3 * (widths.len() - 1);
    let mut out = line(headers) + "\n";
    let mut section = "";
    for (row, c) in rows.iter().zip(cells) {
        if row.section != section {
            section = row.section;
            let title = title(section);
            let bar = "─".repeat(total.saturating_sub(title.chars().count() + 4));
            out.push_str(&format!("── {title} {bar}\n"));
        }
        out.push_str(&line(c));
        out.push('\n');
    }
    out
}

/// `targets: 5 met, 1 missed (/ calculator)`.
pub fn targets_line(rows: &[Row]) -> String {
    let missed: Vec<&str> = rows
        .iter()
        .filter(|r| r.met == Some(false))
        .map(|r| r.measure.as_str())
        .collect();
    let met = rows.iter().filter(|r| r.met == Some(true)).count();
    let which = if missed.is_empty() {
        String::new()
    } else {
        format!(" ({})", missed.join("; "))
    };
    format!("targets: {met} met, {} missed{which}", missed.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_lines_up_and_marks_targets() {
        let rows = vec![
            Row::new("weight", "/ reading", "3 req").target("≤ 3 req", true),
            Row::new("weight", "/ calculator", "3 req · 100.0 KB br").target("≤ 80.0 KB br", false),
            Row::new("build", "render", "median 300 ms"),
        ];
        let table = render(&rows);
        let lines: Vec<&str> = table.lines().collect();
        assert!(lines[0].starts_with("measure "));
        assert!(lines[1].starts_with("── page weight"));
        assert!(lines[2].ends_with("| yes"));
        assert!(lines[3].ends_with("| NO"));
        assert!(lines[4].starts_with("── build"));
        assert!(lines[5].starts_with("render "));
        assert_eq!(lines[2].find('|'), lines[3].find('|'));
        assert_eq!(
            targets_line(&rows),
            "targets: 1 met, 1 missed (/ calculator)"
        );
    }
}
