//! What the sections measured: the table's rows, the notes under it, and the JSON.

use serde_json::{json, Map, Value};

use crate::env::Failure;

/// A section's name (for `--only` and the JSON) and its title (above its rows in the table).
type Section = (&'static str, &'static str);

/// One line of the table: measure, our figure, the old page's, the target and whether it was met.
#[derive(Default)]
pub struct Row {
    section: Section,
    measure: String,
    ours: String,
    old: String,
    target: String,
    met: Option<bool>,
}

impl Row {
    /// A row without an old figure or a target (its section is set by [`Report::section`]).
    pub fn new(measure: impl Into<String>, ours: impl Into<String>) -> Row {
        Row {
            measure: measure.into(),
            ours: ours.into(),
            ..Row::default()
        }
    }

    /// With the old page's figure (the SvelteKit one-pager this site replaced).
    pub fn old(mut self, old: &str) -> Row {
        self.old = old.into();
        self
    }

    /// With a target and whether it was met.
    pub fn target(mut self, target: impl Into<String>, met: bool) -> Row {
        self.target = target.into();
        self.met = Some(met);
        self
    }

    fn cells(&self) -> [&str; 5] {
        let met = self.met.map_or("", |met| if met { "✓" } else { "✗" });
        [&self.measure, &self.ours, &self.old, &self.target, met]
    }
}

/// Everything measured: the table's rows, the notes under it, and each section's JSON.
#[derive(Default)]
pub struct Report {
    pub rows: Vec<Row>,
    pub notes: Vec<String>,
    json: Map<String, Value>,
}

impl Report {
    /// Files the rows added since the last section under `section`, and what it `measured` as its
    /// JSON; a section that could not run gets one row saying why, and `{"available": false}`.
    pub fn section(&mut self, section: Section, measured: Result<Value, Failure>) {
        let json = measured.unwrap_or_else(|reason| {
            println!("{}: unavailable ({reason})", section.0);
            let row = Row::new("(not measured)", format!("unavailable ({reason})"));
            self.rows.push(row);
            json!({"available": false, "reason": reason.message})
        });
        for row in self.rows.iter_mut().filter(|r| r.section.0.is_empty()) {
            row.section = section;
        }
        self.json.insert(section.0.into(), json);
    }

    /// The table (columns padded to their widest cell, a title line above each section), the
    /// notes, and the count of targets met.
    pub fn table(&self) -> String {
        let headers = ["measure", "ours", "old page", "target", "met"];
        let widest = |i: usize| self.rows.iter().map(move |r| r.cells()[i].chars().count());
        let widths: [usize; 5] =
            std::array::from_fn(|i| widest(i).fold(headers[i].len(), usize::max));
        let line = |cells: [&str; 5]| {
            let padded = cells.iter().zip(widths).map(|(c, w)| format!("{c:w$}"));
            padded.collect::<Vec<_>>().join(" | ").trim_end().to_owned() + "\n"
        };
        let total = widths.iter().sum::<usize>() + 3 * (widths.len() - 1);
        let mut out = line(headers);
        for (i, row) in self.rows.iter().enumerate() {
            if i == 0 || self.rows[i - 1].section != row.section {
                let bar = "─".repeat(total.saturating_sub(row.section.1.chars().count() + 4));
                out += &format!("── {} {bar}\n", row.section.1);
            }
            out += &line(row.cells());
        }
        if !self.notes.is_empty() {
            out += "notes:\n";
        }
        out.extend(self.notes.iter().map(|n| format!("  - {n}\n")));
        let judged = |met| self.rows.iter().filter(move |r| r.met == Some(met));
        let missed: Vec<&str> = judged(false).map(|r| &*r.measure).collect();
        let met = judged(true).count();
        out += &format!("\ntargets: {met} met, {} missed", missed.len());
        if !missed.is_empty() {
            out += &format!(" ({})", missed.join("; "));
        }
        out
    }

    /// The JSON: each section's figures, `table` and `notes`.
    pub fn into_json(self) -> Value {
        let row = |r: &Row| json!({"section": r.section.0, "measure": r.measure, "ours": r.ours, "old_page": r.old, "target": r.target, "met": r.met});
        let mut json = Value::Object(self.json);
        json["table"] = self.rows.iter().map(row).collect();
        json["notes"] = json!(self.notes);
        json
    }
}

/// `10,000`.
pub fn thousands(n: u64) -> String {
    match n {
        0..1000 => n.to_string(),
        _ => format!("{},{:03}", thousands(n / 1000), n % 1000),
    }
}
